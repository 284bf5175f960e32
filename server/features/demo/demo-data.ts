import { count } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { customers, registrations, sites, surveys } from '../../platform/db/schema';
import { CONSENT_VERSION } from '../../../src/domain/consent';
import { unnamedSiteName } from '../../../src/domain/sites';
import { codeTimes } from './code-times';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 1000;

/** A fictional chain's sites; the last has not been named yet, as a till's new site would not be. */
const NAMED_SITES: Record<string, string> = {
  '1': 'Oak Park',
  '3': 'Elmhurst',
  '7': 'Naperville',
  '12': 'Evanston',
  '15': 'Skokie',
};
const SITES = ['1', '3', '7', '12', '15', '22'];
/** The sites with a public review page, whose respondents are invited to it. */
const REVIEW_URLS: Record<string, string> = {
  '1': 'https://reviews.example/brightwater-oak-park',
  '7': 'https://reviews.example/brightwater-naperville',
};
const PLANS: [string, number][] = [
  ['Unlimited Wash Club', 29.99],
  ['Ceramic Shine Club', 39.99],
  ['Basic Wash Club', 19.99],
];
const FIRST = [
  'Ada',
  'Alan',
  'Grace',
  'Ana',
  'Luis',
  'Maria',
  'James',
  'Mei',
  'Omar',
  'Priya',
  'Sam',
  'Zoe',
  'Diego',
  'Lena',
];
const LAST = ['Lopez', 'Smith', 'Nguyen', 'Garcia', 'Johnson', 'Patel', 'Kim', 'Brown', 'Rossi', 'Okafor', 'Silva'];
const CARS: [string, string][] = [
  ['Toyota', 'Camry'],
  ['Honda', 'Civic'],
  ['Ford', 'F-150'],
  ['Tesla', 'Model 3'],
  ['Chevrolet', 'Equinox'],
];
const COLORS = ['Black', 'White', 'Silver', 'Blue', 'Red', 'Gray'];
const COMMENTS = ['', '', '', 'Great wash, friendly staff.', 'The dryers left water spots.', 'Long line on Saturday.'];

/** A small seeded generator (mulberry32): the same options give the same data, so figures can be compared. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A recommend score shaped like a real wash's: mostly 8–10, a tail of detractors, some skipped. */
function recommendScore(next: () => number): number {
  const r = next();
  if (r < 0.05) return 0;
  if (r < 0.2) return 1 + Math.floor(next() * 6);
  if (r < 0.45) return 7 + Math.floor(next() * 2);
  return 9 + Math.floor(next() * 2);
}

const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * Fills an empty database with a year of a chain's members: `members` completed profiles on six sites (and a
 * fifth as many codes never completed, half of them opened), `surveys` answers. Numbers are 555-01xx-style
 * fiction and emails are on example.com. For the console's screens, its EXPLAIN checks and the bench.
 */
export async function seedDemoData(
  db: Db,
  options: { members: number; surveys: number; now?: Date; seed?: number },
): Promise<{ registrations: number; members: number; surveys: number }> {
  const [existing] = await db.select({ n: count() }).from(customers);
  if ((existing?.n ?? 0) > 0) throw new Error('The database already has members: seed an empty one.');
  const next = random(options.seed ?? 20261124);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const now = (options.now ?? new Date()).getTime();
  const uncompleted = Math.floor(options.members / 5);
  const total = options.members + uncompleted;
  const joinedAt: number[] = [];
  const siteOf: string[] = [];
  await db
    .insert(sites)
    .values(
      SITES.map((id) => ({
        id,
        name: NAMED_SITES[id] ?? unnamedSiteName(id),
        named: id in NAMED_SITES,
        reviewUrl: REVIEW_URLS[id] ?? null,
      })),
    )
    .onConflictDoNothing();

  for (let start = 0; start < total; start += BATCH) {
    const regs: (typeof registrations.$inferInsert)[] = [];
    const members: (typeof customers.$inferInsert)[] = [];
    for (let n = start; n < Math.min(total, start + BATCH); n += 1) {
      const completed = n < options.members;
      const { issued, opened, completed: done } = codeTimes(next, now, completed);
      const [planName, amount] = pick(PLANS);
      const mobile = `+1201555${String(n % 10000).padStart(4, '0')}`;
      const siteId = pick(SITES);
      siteOf[n] = siteId;
      regs.push({
        id: uuid('d0000000', n),
        mobileNumber: mobile,
        planName,
        amountCents: Math.round(amount * 100),
        rechargeDate: new Date(issued + 30 * DAY_MS).toISOString().slice(0, 10),
        saleDate: new Date(issued),
        siteId,
        sourceSystem: 'demo',
        isCompleted: completed,
        completedAt: done ? new Date(done) : null,
        customerId: completed ? uuid('c0000000', n) : null,
        openedAt: opened ? new Date(opened) : null,
        expiresAt: new Date(issued + 30 * DAY_MS),
        createdAt: new Date(issued),
      });
      if (!completed) continue;
      const first = pick(FIRST);
      const last = pick(LAST);
      const [make, model] = pick(CARS);
      const sms = next() < 0.6;
      const news = next() < 0.4;
      // From n, not the generator, so adding plates left every other seeded figure as it was.
      const plate = n % 4 === 3 ? '' : `DM${n.toString(36).toUpperCase().padStart(5, '0')}`;
      joinedAt[n] = done!;
      members.push({
        id: uuid('c0000000', n),
        registrationId: uuid('d0000000', n),
        mobileNumber: mobile,
        firstName: first,
        lastName: last,
        address: `${1 + Math.floor(next() * 9000)} Main St`,
        city: 'Springfield',
        region: 'IL',
        postalCode: '62704',
        email: `${first}.${last}.${n}@example.com`.toLowerCase(),
        vehicleYear: 2010 + Math.floor(next() * 16),
        vehicleMake: make,
        vehicleModel: model,
        vehicleColor: pick(COLORS),
        licensePlate: plate,
        licensePlateState: plate ? 'IL' : '',
        isSubscribedToNewsletters: news,
        newsletterConsentAt: news ? new Date(done!) : null,
        isSubscribedToSmsMessaging: sms,
        smsConsentAt: sms ? new Date(done!) : null,
        consentVersion: CONSENT_VERSION,
        isAgreedToTerms: true,
        termsAgreedAt: new Date(done!),
        createdAt: new Date(done!),
      });
    }
    await db.transaction(async (tx) => {
      await tx.insert(registrations).values(regs);
      if (members.length) await tx.insert(customers).values(members);
    });
  }

  for (let start = 0; start < options.surveys; start += BATCH) {
    const rows: (typeof surveys.$inferInsert)[] = [];
    for (let n = start; n < Math.min(options.surveys, start + BATCH); n += 1) {
      const member = Math.floor(next() * options.members);
      const score = () => 5 + Math.floor(next() * 6);
      // In the generator's order, so the invitations below left every other seeded figure as it was.
      const answers = {
        recommendToOthersScore: recommendScore(next),
        washQualityScore: score(),
        cleanlinessScore: score(),
        serviceScore: score(),
        valueScore: score(),
        comments: pick(COMMENTS),
      };
      const createdAt = new Date(Math.min(now, joinedAt[member]! + Math.floor(next() * 7 * DAY_MS)));
      // Invitations follow the member's site; a third of them were opened.
      const reviewUrl = REVIEW_URLS[siteOf[member]!] ?? null;
      rows.push({
        id: uuid('e0000000', n),
        customerId: uuid('c0000000', member),
        ...answers,
        createdAt,
        reviewUrl,
        reviewOpenedAt: reviewUrl && n % 3 === 0 ? new Date(createdAt.getTime() + 60_000) : null,
      });
    }
    await db.insert(surveys).values(rows);
  }
  return { registrations: total, members: options.members, surveys: options.surveys };
}
