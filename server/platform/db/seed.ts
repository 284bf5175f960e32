import { readFileSync } from 'node:fs';
import { count } from 'drizzle-orm';
import type { VehicleMake } from '../../../src/domain/vehicle-catalogue';
import type { Env } from '../../env';
import { appPath } from '../app-root';
import { issueRegistration } from '../../features/registrations/issue-registration';
import type { Db } from './client';
import { registrations, vehicleModels } from './schema';

const catalogueFile = appPath('server', 'features', 'vehicles', 'data', 'vehicle-catalogue.json');

export function readVehicleCatalogue(): VehicleMake[] {
  return (JSON.parse(readFileSync(catalogueFile, 'utf8')) as { makes: VehicleMake[] }).makes;
}

/** Fills the vehicle catalogue on first start; instances starting together may both try, harmlessly. */
export async function seedVehicles(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(vehicleModels);
  if ((existing?.n ?? 0) > 0) return 0;
  const rows = readVehicleCatalogue().flatMap(({ make, models }) => models.map((model) => ({ make, model })));
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += 500) {
      await tx
        .insert(vehicleModels)
        .values(rows.slice(start, start + 500))
        .onConflictDoNothing();
    }
  });
  return rows.length;
}

/**
 * On an empty database, a demo registration so the first start has a link to open (decision 049: demo data, never
 * counted). Returns its link.
 */
export async function seedDemoRegistration(
  db: Db,
  env: Pick<Env, 'publicUrl' | 'tokenTtlDays'>,
): Promise<string | undefined> {
  const [existing] = await db.select({ n: count() }).from(registrations);
  if ((existing?.n ?? 0) > 0) return undefined;
  const today = new Date().toISOString().slice(0, 10);
  const issued = await issueRegistration(
    db,
    {
      // 555-01xx numbers are reserved for fiction.
      mobileNumber: '+12015550143',
      planName: 'Unlimited Wash Club',
      amount: 29.99,
      rechargeDate: today,
      siteId: '1',
      sourceSystem: 'demo',
      isReturningCustomer: false,
    },
    // Marked: left out of every figure, list and export, and removed by the first real code (decision 049).
    { ...env, demo: true },
  );
  return issued.url;
}
