import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migratedDataDir } from '../../helpers/migrated-data-dir';
import { openDatabase } from '../../../../server/platform/db/client';
import { LOCK_NAME } from '../../../../server/platform/db/data-dir-lock';
import { registrations, vehicleModels } from '../../../../server/platform/db/schema';
import { readVehicleCatalogue, seedDemoRegistration, seedVehicles } from '../../../../server/platform/db/seed';

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
const env = { publicUrl: 'http://localhost:3000', tokenTtlDays: 30 };

describe('the curated vehicle catalogue', () => {
  it('has at least 40 makes, each with distinct models, sorted', () => {
    const makes = readVehicleCatalogue();
    expect(makes.length).toBeGreaterThanOrEqual(40);
    expect(makes.map((m) => m.make)).toEqual(makes.map((m) => m.make).sort(byName));
    for (const { models } of makes) {
      expect(models.length).toBeGreaterThan(0);
      expect(new Set(models).size).toBe(models.length);
      expect(models).toEqual([...models].sort(byName));
    }
  });
});

describe('first start on the embedded database', () => {
  // Two opens of a new data directory, each migrating and checking pg-boss's tables: half a minute on a busy machine.
  it('migrates, seeds once, and keeps everything across a restart', { timeout: 90_000 }, async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'club-data-'));
    onTestFinished(() => rmSync(scratch, { recursive: true, force: true }));
    const dataDir = join(scratch, 'db');
    const first = await openDatabase({ dataDir });
    const seeded = await seedVehicles(first.db);
    expect(seeded).toBe(readVehicleCatalogue().reduce((n, m) => n + m.models.length, 0));
    const demo = await seedDemoRegistration(first.db, env);
    expect(demo).toMatch(/^http:\/\/localhost:3000\/\?id=[A-Za-z0-9_-]{32}$/);
    await first.close();

    const second = await openDatabase({ dataDir });
    expect(await seedVehicles(second.db)).toBe(0);
    expect(await seedDemoRegistration(second.db, env)).toBeUndefined();
    expect((await second.db.select({ n: count() }).from(vehicleModels))[0]!.n).toBe(seeded);
    expect((await second.db.select({ n: count() }).from(registrations))[0]!.n).toBe(1);
    await second.close();
  });
});

describe('the embedded database directory', () => {
  it('serves one process at a time, and is free again once closed', async () => {
    const dataDir = migratedDataDir('club-lock-');
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await openDatabase({ dataDir });
    expect(existsSync(join(dataDir, LOCK_NAME))).toBe(true);
    await first.db.insert(registrations).values({ id: 'kept', mobileNumber: '+12015550143', saleDate: new Date() });
    await first.close();
    expect(existsSync(join(dataDir, LOCK_NAME))).toBe(false);
    // Closed, it is free again at once (refusing a live holder: tests/server/platform/db/data-dir-lock.test.ts), with what
    // the first holder wrote.
    const again = await openDatabase({ dataDir });
    try {
      expect(await again.db.select({ id: registrations.id }).from(registrations)).toEqual([{ id: 'kept' }]);
    } finally {
      await again.close();
    }
  });
});
