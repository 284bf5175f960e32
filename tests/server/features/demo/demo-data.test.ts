import { count, isNotNull, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardFigures } from '../../../../server/features/dashboard/dashboard-figures';
import type { Database } from '../../../../server/platform/db/client';
import { customers, registrations, surveys } from '../../../../server/platform/db/schema';
import { seedDemoData } from '../../../../server/features/demo/demo-data';
import { openTestDatabase } from '../../helpers/test-database';

const NOW = new Date('2026-11-24T12:00:00Z');
/**
 * A seed whose year ends with codes issued in its last hours: when a code's waits were added after its issue time,
 * three of its members were completed after `now`.
 */
const SEED = 11;

describe('the demo data', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await seedDemoData(database.db, { members: 1_500, surveys: 700, now: NOW, seed: SEED });
  });
  afterAll(() => database.close());

  const rows = async (table: typeof customers | typeof registrations | typeof surveys) =>
    (await database.db.select({ n: count() }).from(table))[0]!.n;

  it('holds the members and surveys asked for, and a fifth as many codes never completed', async () => {
    expect(await rows(customers)).toBe(1_500);
    expect(await rows(surveys)).toBe(700);
    expect(await rows(registrations)).toBe(1_800);
    const opened = await database.db
      .select({ n: count() })
      .from(registrations)
      .where(isNotNull(registrations.openedAt));
    expect(opened[0]!.n).toBeGreaterThan(1_500);
    expect(opened[0]!.n).toBeLessThan(1_800);
  });

  it('has nothing happen after now: no sale, code, opening, completion, consent or survey', async () => {
    const [codes] = await database.db
      .select({
        sale: max(registrations.saleDate),
        issued: max(registrations.createdAt),
        opened: max(registrations.openedAt),
        completed: max(registrations.completedAt),
      })
      .from(registrations);
    const [members] = await database.db
      .select({
        joined: max(customers.createdAt),
        terms: max(customers.termsAgreedAt),
        sms: max(customers.smsConsentAt),
        newsletter: max(customers.newsletterConsentAt),
      })
      .from(customers);
    const [answers] = await database.db.select({ answered: max(surveys.createdAt) }).from(surveys);
    const latest = { ...codes, ...members, ...answers };
    for (const [what, at] of Object.entries(latest)) {
      expect(at, what).toBeInstanceOf(Date);
      expect(at!.getTime(), what).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('spreads a year over six sites, with promoters, passives and detractors', async () => {
    const figures = await dashboardFigures(
      database.db,
      { sites: 'all', site: null },
      { from: '2025-11-24', to: '2026-11-24' },
      new Date('2026-11-24T12:00:00Z'),
    );
    expect(figures.funnel.issued).toBe(1_800);
    expect(figures.sites.map((site) => site.siteId).sort()).toEqual(['1', '12', '15', '22', '3', '7']);
    expect(figures.weeks.length).toBeGreaterThan(50);
    expect(figures.feedback.promoters).toBeGreaterThan(0);
    expect(figures.feedback.passives).toBeGreaterThan(0);
    expect(figures.feedback.detractors).toBeGreaterThan(0);
  });

  it('gives most members a plate the customer schema would accept, with its state', async () => {
    const members = await database.db
      .select({ plate: customers.licensePlate, state: customers.licensePlateState })
      .from(customers);
    const withPlate = members.filter((member) => member.plate !== '');
    expect(withPlate.length).toBeGreaterThan(members.length / 2);
    expect(withPlate.length).toBeLessThan(members.length);
    for (const { plate, state } of withPlate) {
      expect(plate).toMatch(/^[A-Z0-9]{2,8}$/);
      expect(state).toBe('IL');
    }
    expect(new Set(withPlate.map((member) => member.plate)).size).toBe(withPlate.length);
  });

  it('refuses a database that already has members', async () => {
    await expect(seedDemoData(database.db, { members: 1, surveys: 0 })).rejects.toThrow(/already has members/);
  });
});
