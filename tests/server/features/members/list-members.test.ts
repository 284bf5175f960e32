import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberQuery } from '../../../../src/domain/members';
import { AFTER_MESSAGE, encodeCursor } from '../../../../src/domain/paging';
import type { Database } from '../../../../server/platform/db/client';
import { customers, registrations, smsMessages, surveys } from '../../../../server/platform/db/schema';
import { findMember, NO_SUCH_MEMBER } from '../../../../server/features/members/find-member';
import { listMembers } from '../../../../server/features/members/list-members';
import { customerRow } from '../../helpers/customer-row';
import { DRIVERS, EMBEDDED_ONLY, openTestDatabase } from '../../helpers/test-database';

interface Person {
  id: string;
  siteId: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  sms?: boolean;
  newsletters?: boolean;
}

const PEOPLE: Person[] = [
  {
    id: 'm1',
    siteId: '7',
    createdAt: '2026-03-09T23:59:59.999Z',
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: 'dana@example.com',
    mobileNumber: '+12015550143',
    sms: true,
    newsletters: true,
  },
  {
    id: 'm2',
    siteId: '9',
    createdAt: '2026-03-10T00:00:00.000Z',
    firstName: 'Sam',
    lastName: 'Danvers',
    email: 'sam@example.com',
    mobileNumber: '+12015551234',
    newsletters: true,
  },
  {
    id: 'm3',
    siteId: '7',
    createdAt: '2026-03-10T23:59:59.999Z',
    firstName: 'Ana',
    lastName: 'Lopez',
    email: 'ana_l@example.com',
    mobileNumber: '+12015559876',
    sms: true,
  },
  {
    id: 'm4',
    siteId: '7',
    createdAt: '2026-03-11T00:00:00.000Z',
    firstName: '100%',
    lastName: 'Kim',
    email: 'k\\m@example.com',
    mobileNumber: '+12015550000',
  },
  {
    id: 'm5',
    siteId: '7',
    createdAt: '2026-03-11T00:00:00.000Z',
    firstName: 'Dan',
    lastName: 'Ray',
    email: 'ray@example.com',
    mobileNumber: '+12015554321',
  },
];

/** A member who joined at `person.siteId` at `person.createdAt`. */
async function addPerson(database: Database, person: Person): Promise<void> {
  await database.db.insert(registrations).values({
    id: `r-${person.id}`,
    mobileNumber: person.mobileNumber,
    planName: `Plan ${person.id}`,
    amountCents: 2999,
    saleDate: new Date(person.createdAt),
    siteId: person.siteId,
    sourceSystem: 'till',
    isCompleted: true,
    customerId: person.id,
  });
  await database.db.insert(customers).values(
    customerRow({
      id: person.id,
      registrationId: `r-${person.id}`,
      mobileNumber: person.mobileNumber,
      firstName: person.firstName,
      lastName: person.lastName,
      address2: 'Apt 4',
      email: person.email,
      licensePlate: 'ABC123',
      licensePlateState: 'IL',
      isSubscribedToNewsletters: person.newsletters ?? false,
      isSubscribedToSmsMessaging: person.sms ?? false,
      createdAt: new Date(person.createdAt),
    }),
  );
}

describe.each(EMBEDDED_ONLY)('the members list on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    for (const person of PEOPLE) await addPerson(database, person);
  });
  afterAll(() => database.close());

  const list = (query: Partial<MemberQuery> = {}, sites: 'all' | string[] = 'all') =>
    listMembers(database.db, sites, { limit: 50, ...query });
  const ids = async (query: Partial<MemberQuery> = {}, sites: 'all' | string[] = 'all') =>
    (await list(query, sites)).results.map((member) => member.id);

  it('lists members newest first, ties by id, each as a summary', async () => {
    const page = await list();
    expect(page.nextCursor).toBeNull();
    expect(page.results.map((member) => member.id)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);
    expect(page.results[4]).toEqual({
      id: 'm1',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      mobileLastFour: '0143',
      siteId: '7',
      planName: 'Plan m1',
      joinedAt: '2026-03-09T23:59:59.999Z',
      isSubscribedToSmsMessaging: true,
      isSubscribedToNewsletters: true,
      smsOptedOut: false,
    });
  });

  it('pages by key: a cursor while more remain, none on the last page', async () => {
    const first = await list({ limit: 2 });
    expect(first.results.map((member) => member.id)).toEqual(['m5', 'm4']);
    const second = await list({ limit: 2, after: first.nextCursor! });
    expect(second.results.map((member) => member.id)).toEqual(['m3', 'm2']);
    const last = await list({ limit: 2, after: second.nextCursor! });
    expect(last).toEqual({ results: [expect.objectContaining({ id: 'm1' })], nextCursor: null });
    expect((await list({ limit: 4 })).nextCursor).not.toBeNull();
    expect((await list({ limit: 5 })).nextCursor).toBeNull();
  });

  it('refuses what is not a cursor of this list, as its query does, though a caller went past the query', async () => {
    const inboxShaped = encodeCursor([0, '2026-03-11T00:00:00.000000Z', 'm4']);
    for (const after of ['m4', 'not a cursor', inboxShaped]) {
      await expect(list({ after })).rejects.toMatchObject({ status: 400, issues: { after: AFTER_MESSAGE } });
    }
  });

  it("narrows to the caller's sites", async () => {
    expect(await ids({}, ['7'])).toEqual(['m5', 'm4', 'm3', 'm1']);
    expect(await ids({}, ['9', '8'])).toEqual(['m2']);
    expect(await ids({}, [])).toEqual([]);
  });

  it('takes from and to as whole UTC days, both included', async () => {
    expect(await ids({ from: '2026-03-10' })).toEqual(['m5', 'm4', 'm3', 'm2']);
    expect(await ids({ to: '2026-03-10' })).toEqual(['m3', 'm2', 'm1']);
    expect(await ids({ from: '2026-03-10', to: '2026-03-10' })).toEqual(['m3', 'm2']);
  });

  it('finds by the last four digits, or the start of a name or email, whatever the case', async () => {
    expect(await ids({ q: '1234' })).toEqual(['m2']);
    expect(await ids({ q: '0143' })).toEqual(['m1']);
    expect(await ids({ q: '5550' })).toEqual([]);
    expect(await ids({ q: 'DAN' })).toEqual(['m5', 'm2', 'm1']);
    expect(await ids({ q: 'lop' })).toEqual(['m3']);
    expect(await ids({ q: 'ray@' })).toEqual(['m5']);
    expect(await ids({ q: 'itfield' })).toEqual([]);
  });

  it('reads two words as the start of a first and a last name', async () => {
    expect(await ids({ q: 'dan wh' })).toEqual(['m1']);
    expect(await ids({ q: 'dan  wh' })).toEqual(['m1']);
    expect(await ids({ q: 'sam dan' })).toEqual(['m2']);
    expect(await ids({ q: 'wh dan' })).toEqual([]);
    expect(await ids({ q: 'dan ray extra' })).toEqual([]);
  });

  it('finds %, _ and \\ as themselves, not as wildcards', async () => {
    expect(await ids({ q: '100%' })).toEqual(['m4']);
    expect(await ids({ q: '1%' })).toEqual([]);
    expect(await ids({ q: 'ana_' })).toEqual(['m3']);
    expect(await ids({ q: 'ana_l' })).toEqual(['m3']);
    expect(await ids({ q: 'an_' })).toEqual([]);
    expect(await ids({ q: 'k\\m' })).toEqual(['m4']);
    expect(await ids({ q: 'k\\' })).toEqual(['m4']);
  });

  it('filters by consent: texts, emails, or neither', async () => {
    expect(await ids({ consent: 'sms' })).toEqual(['m3', 'm1']);
    expect(await ids({ consent: 'newsletter' })).toEqual(['m2', 'm1']);
    expect(await ids({ consent: 'none' })).toEqual(['m5', 'm4']);
  });

  it('combines filters', async () => {
    expect(await ids({ consent: 'sms', q: 'ana' }, ['7'])).toEqual(['m3']);
    expect(await ids({ consent: 'newsletter', from: '2026-03-10' }, ['7'])).toEqual([]);
  });

  describe("a member's page", () => {
    beforeAll(async () => {
      await database.db.insert(surveys).values([
        {
          id: 's-old',
          customerId: 'm1',
          recommendToOthersScore: 10,
          washQualityScore: 9,
          cleanlinessScore: 8,
          serviceScore: 7,
          valueScore: 6,
          comments: 'Great',
          createdAt: new Date('2026-03-12T00:00:00Z'),
        },
        {
          id: 's-b',
          customerId: 'm1',
          recommendToOthersScore: 7,
          comments: '',
          createdAt: new Date('2026-03-13T00:00:00Z'),
        },
        {
          id: 's-a',
          customerId: 'm1',
          recommendToOthersScore: 0,
          comments: 'No score',
          createdAt: new Date('2026-03-13T00:00:00Z'),
        },
      ]);
      await database.db.insert(smsMessages).values({
        id: crypto.randomUUID(),
        registrationId: 'r-m1',
        linkToken: 'link-token',
        status: 'sent',
      } as typeof smsMessages.$inferInsert);
      await database.db
        .update(registrations)
        .set({
          rechargeDate: '2026-12-15',
          openedAt: new Date('2026-03-09T12:00:00Z'),
          completedAt: new Date('2026-03-10T00:00:00Z'),
          isManual: true,
        })
        .where(eq(registrations.id, 'r-m2'));
    });

    it('shows the profile, vehicle, consent, registration and surveys newest first', async () => {
      const member = (await database.db.transaction((tx) => findMember(tx, ['7'], 'm1')))!;
      expect(member.id).toBe('m1');
      expect(member.profile).toEqual({
        id: 'm1',
        firstName: 'Dana',
        lastName: 'Whitfield',
        email: 'dana@example.com',
        mobileNumber: '+12015550143',
        address: { line1: '12 Harbor Lane', line2: 'Apt 4', city: 'Springfield', region: 'IL', postalCode: '62704' },
      });
      expect(member.vehicle).toEqual({
        year: 2019,
        make: 'Toyota',
        model: 'RAV4',
        color: 'Blue',
        licensePlate: 'ABC123',
        licensePlateState: 'IL',
      });
      expect(member.consent.terms.agreed).toBe(true);
      expect(member.registration).toMatchObject({
        id: 'r-m1',
        planName: 'Plan m1',
        amount: 29.99,
        rechargeDate: '',
        siteId: '7',
        sourceSystem: 'till',
        isManual: false,
        issuedAt: expect.stringMatching(/Z$/) as string,
        openedAt: null,
        completedAt: null,
      });
      expect(member.registration.sms).not.toBeNull();
      expect(member.surveys.map((survey) => survey.id)).toEqual(['s-b', 's-a', 's-old']);
      expect(member.surveys[2]).toEqual({
        id: 's-old',
        createdAt: '2026-03-12T00:00:00.000Z',
        scores: {
          recommendToOthersScore: 10,
          washQualityScore: 9,
          cleanlinessScore: 8,
          serviceScore: 7,
          valueScore: 6,
        },
        comments: 'Great',
        band: 'promoter',
        invitationId: null,
        siteId: null,
        visitedAt: null,
      });
      expect(member.surveys.map((survey) => survey.band)).toEqual(['passive', null, 'promoter']);
    });

    it("answers null for another site's member as for none, and sms null without a text", async () => {
      expect(await findMember(database.db, ['9'], 'm1')).toBeNull();
      expect(await findMember(database.db, 'all', 'nobody')).toBeNull();
      const other = (await findMember(database.db, 'all', 'm2'))!;
      expect(other.registration).toMatchObject({
        rechargeDate: '2026-12-15',
        isManual: true,
        openedAt: '2026-03-09T12:00:00.000Z',
        completedAt: '2026-03-10T00:00:00.000Z',
        sms: null,
      });
      expect(other.surveys).toEqual([]);
      expect(NO_SUCH_MEMBER).toBe('There is no such member.');
    });
  });
});

describe.each(DRIVERS)('keyset pages of members on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    for (const person of PEOPLE) await addPerson(database, { ...person, siteId: person.id <= 'm3' ? '7' : '8' });
    // Three joins in one millisecond, told apart by the microseconds the database keeps.
    for (const [id, at] of [
      ['m1', '2026-03-10 12:00:00.123456+00'],
      ['m2', '2026-03-10 12:00:00.123455+00'],
      ['m3', '2026-03-10 12:00:00.123001+00'],
    ] as const) {
      await database.db.execute(sql`update customers set created_at = ${at}::timestamptz where id = ${id}`);
    }
  });
  afterAll(() => database.close());

  const pageAfter = (sites: string[], after: string | undefined) =>
    listMembers(database.db, sites, { limit: 1, ...(after ? { after } : {}) });

  it('goes on at the microsecond: joins within one millisecond are each on a page of their own', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await pageAfter(['7'], after);
      seen.push(...page.results.map((member) => member.id));
      after = page.nextCursor ?? undefined;
    } while (after);
    expect(seen).toEqual(['m1', 'm2', 'm3']);
  });

  it('goes on from where the last page ended though its last member has been erased since', async () => {
    const first = await pageAfter(['8'], undefined);
    expect(first.results.map((member) => member.id)).toEqual(['m5']);
    await database.db.delete(customers).where(eq(customers.id, 'm5'));
    const next = await pageAfter(['8'], first.nextCursor!);
    expect(next).toEqual({ results: [expect.objectContaining({ id: 'm4' })], nextCursor: null });
  });
});
