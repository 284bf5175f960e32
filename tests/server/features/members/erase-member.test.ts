import { eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/platform/db/client';
import {
  auditEvents,
  customers,
  idempotencyKeys,
  outboxEvents,
  registrations,
  smsMessages,
  surveys,
  webhookDeliveries,
  webhookEndpoints,
} from '../../../../server/platform/db/schema';
import { dispatchEvents } from '../../../../server/features/integrations/deliver-webhook';
import type { erasedData } from '../../../../server/features/integrations/event-payloads';
import {
  eraseMember,
  erasureSummary,
  type ErasedCounts,
  type ErasedMember,
} from '../../../../server/features/members/erase-member';
import { exportMember } from '../../../../server/features/members/export-member';
import type { WebhookEnvelope } from '../../../../src/domain/webhooks';
import { selectRows } from '../../resilience/support/api-oracle';
import { DRIVERS, openTestDatabase } from '../../helpers/test-database';
import { expectNoPersonalData } from '../../helpers/personal-data';
import { deliverAll, ENDPOINT_ID, seedMember, type SeededMember } from './support/member-fixture';

const EMAIL = 'Dana.Whitfield@Example.com';
const PHONE = '+12015550143';
/** What the fixture's profiles hold besides the email and number: none may be in what erasure leaves or sends. */
const PROFILE = ['Dana', 'Whitfield', '12 Harbor Lane', 'Apt 4', 'Springfield', '62704'];
/** Endpoints besides the fixture's: one that heard only completed profiles, and one switched off. */
const COMPLETED_ONLY = 'completed-only-endpoint';
const SWITCHED_OFF = 'switched-off-endpoint';

describe.each(DRIVERS)("a member's erasure on %s", (driver) => {
  let database: Database;
  let members: SeededMember[];
  let other: SeededMember;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    members = [
      await seedMember(database.db, { email: EMAIL, mobileNumber: PHONE }),
      await seedMember(database.db, { email: 'dana.whitfield@example.com', mobileNumber: PHONE }),
    ];
    other = await seedMember(database.db, {
      email: 'sam.other@example.com',
      mobileNumber: '+12015550144',
      firstName: 'Sam',
      lastName: 'Other',
    });
    await deliverAll(
      database.db,
      (await database.db.select({ id: outboxEvents.id }).from(outboxEvents)).map((row) => row.id),
    );
    await database.db.insert(webhookEndpoints).values([
      { id: COMPLETED_ONLY, url: 'https://crm.example/completed', eventTypes: ['registration.completed'] },
      { id: SWITCHED_OFF, url: 'https://old.example/hooks', eventTypes: ['survey.submitted'], enabled: false },
    ]);
    // The console's audit rows that name the member's records, and the other member's.
    const [first, second] = members as [SeededMember, SeededMember];
    await database.db.insert(auditEvents).values(
      [
        { action: 'member_viewed', subjectId: first.customerId },
        { action: 'export', subjectId: `${first.customerId} ${second.customerId}` },
        { action: 'export', subjectId: `${other.customerId} ${second.customerId}` },
        { action: 'code_issued', subjectId: first.registrationId },
        { action: 'member_viewed', subjectId: other.customerId },
        { action: 'code_issued', subjectId: other.registrationId },
        { action: 'export', subjectId: 'members' },
      ].map((row, index) => ({
        ...row,
        id: `audit-${index}`,
        actorKind: 'staff',
        actorId: 'manager-9',
        client: '198.51.100.4',
        at: new Date(Date.UTC(2026, 0, 1, 12, index)),
      })),
    );
    // An Idempotency-Key that names what the member sent.
    await database.db.insert(idempotencyKeys).values({
      scope: 'POST /api/customers',
      key: 'member-key',
      requestHash: 'x',
      status: 201,
      resourceId: members[0]!.customerId,
      expiresAt: new Date(Date.now() + 60_000),
    });
  });
  afterAll(() => database.close());

  /**
   * Every row of every table that holds member data, and the delivery jobs, as text. The `member.erased` event is
   * left out when asked: it holds the ids on purpose.
   */
  async function everything(options: { withoutErasedEvent?: boolean } = {}) {
    const db = database.db;
    return JSON.stringify({
      customers: await db.select().from(customers),
      registrations: await db.select().from(registrations),
      surveys: await db.select().from(surveys),
      texts: await db.select().from(smsMessages),
      events: await db
        .select()
        .from(outboxEvents)
        .where(options.withoutErasedEvent ? ne(outboxEvents.type, 'member.erased') : undefined),
      deliveries: await db.select().from(webhookDeliveries),
      keys: await db.select().from(idempotencyKeys),
      audit: await db.select().from(auditEvents),
      jobs: await selectRows(db, sql`select id, name, data from pgboss.job order by id`),
    });
  }

  // The registrations' delete comes midway; the erasure's own audit row is the last thing it writes.
  it.each([
    ['a delete midway', 'before delete on registrations'],
    ['its last write', 'before insert on audit_events'],
  ])('changes nothing, sends nothing and writes no audit row when %s fails', async (_step, when) => {
    const before = await everything();
    await database.db.execute(sql`
      create function refuse_change() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await database.db.execute(
      sql`create trigger refuse_change ${sql.raw(when)} for each row execute function refuse_change()`,
    );
    try {
      await expect(eraseMember(database.db, EMAIL, { actor: { kind: 'cli' } })).rejects.toThrow();
    } finally {
      await database.db.execute(sql`drop trigger refuse_change on ${sql.raw(when.split(' on ')[1]!)}`);
      await database.db.execute(sql`drop function refuse_change()`);
    }
    expect(await everything()).toBe(before);
  });

  let erased: ErasedMember;

  it('deletes every row about the member in one go, counts them, and leaves the other member whole', async () => {
    const exportOf = async (email: string) => {
      const { exportedAt: _at, ...rest } = (await exportMember(database.db, email))!;
      return rest;
    };
    const otherBefore = await exportOf('sam.other@example.com');
    erased = (await eraseMember(database.db, '  dana.WHITFIELD@example.com ', {
      actor: { kind: 'staff', id: 'owner-1' },
      client: '203.0.113.7',
    }))!;
    expect(erased.customerIds.sort()).toEqual(members.map((m) => m.customerId).sort());
    expect(erased.registrationIds.sort()).toEqual(members.map((m) => m.registrationId).sort());
    expect(erased.surveyIds.sort()).toEqual(members.map((m) => m.surveyId).sort());
    expect(erased.auditRowsRedacted).toBe(4);
    // Per profile: its registration (issued, completed), a survey, a text; events issued, completed, submitted.
    expect(erased.counts).toEqual({
      customers: 2,
      registrations: 2,
      surveys: 2,
      textMessages: 2,
      events: 6,
      deliveries: 6,
      idempotencyKeys: 1,
      followUpCases: 0,
      consentChanges: 0,
      inboundTexts: 0,
      visits: 0,
    });

    const left = await everything({ withoutErasedEvent: true });
    for (const member of members) {
      for (const trace of [member.customerId, member.registrationId, member.surveyId, member.linkToken]) {
        expect(left).not.toContain(trace);
      }
    }
    for (const personal of ['dana.whitfield@example.com', EMAIL, 'Whitfield', PHONE]) {
      expect(left.toLowerCase()).not.toContain(personal.toLowerCase());
    }
    expect(await exportOf('sam.other@example.com')).toEqual(otherBefore);
    expect(otherBefore.customers.map((c) => c.id)).toEqual([other.customerId]);
    expect(otherBefore.webhookEvents).toHaveLength(3);
    expect(await exportMember(database.db, EMAIL)).toBeNull();
  });

  it('leaves one audit row saying what was erased and by whom, with no email, name, number or customer id', async () => {
    const [row] = await database.db.select().from(auditEvents).where(eq(auditEvents.action, 'member_erased'));
    expect(row).toMatchObject({
      actorKind: 'staff',
      actorId: 'owner-1',
      client: '203.0.113.7',
      subjectId:
        'customers 2, registrations 2, surveys 2, textMessages 2, events 6, deliveries 6, idempotencyKeys 1, followUpCases 0, ' +
        'consentChanges 0, inboundTexts 0, visits 0',
    });
    const text = JSON.stringify(row);
    for (const personal of ['whitfield', 'dana', PHONE, ...members.map((m) => m.customerId)]) {
      expect(text.toLowerCase()).not.toContain(personal.toLowerCase());
    }
  });

  it('tells every enabled endpoint, whatever it heard, with a member.erased event of ids and no personal data', async () => {
    const [event] = await database.db.select().from(outboxEvents).where(eq(outboxEvents.id, erased.eventId));
    const body = JSON.parse(event!.body) as WebhookEnvelope<ReturnType<typeof erasedData>>;
    expect(body).toMatchObject({ type: 'member.erased', version: 1 });
    expect(Object.keys(body.data).sort()).toEqual(['customerIds', 'erasedAt', 'registrationIds', 'surveyIds']);
    expect(body.data.customerIds.sort()).toEqual(members.map((m) => m.customerId).sort());
    expect(body.data.registrationIds.sort()).toEqual(members.map((m) => m.registrationId).sort());
    expect(body.data.surveyIds.sort()).toEqual(members.map((m) => m.surveyId).sort());
    expect(body.data.erasedAt).toBe(body.timestamp);
    expectNoPersonalData(event!.body, [EMAIL, PHONE, PHONE.slice(2), ...PROFILE]);
    // Its job, queued in the erasure's transaction, makes a delivery to each enabled endpoint.
    const jobs = await selectRows(
      database.db,
      sql`select 1 from pgboss.job where name = 'webhook-event' and data->>'eventId' = ${erased.eventId}`,
    );
    expect(jobs).toHaveLength(1);
    await dispatchEvents(database.db, [erased.eventId]);
    const deliveries = await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, erased.eventId));
    expect(deliveries.map((d) => d.endpointId).sort()).toEqual([COMPLETED_ONLY, ENDPOINT_ID].sort());
  });

  it("takes the erased ids out of the audit log, keeping who did what and when, and the other member's", async () => {
    const rows = await database.db.select().from(auditEvents).where(ne(auditEvents.action, 'member_erased'));
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(rows).toHaveLength(7);
    expect(byId['audit-0']).toMatchObject({ action: 'member_viewed', subjectId: 'erased' });
    expect(byId['audit-1']).toMatchObject({ action: 'export', subjectId: 'erased erased' });
    expect(byId['audit-2']).toMatchObject({ action: 'export', subjectId: `${other.customerId} erased` });
    expect(byId['audit-3']).toMatchObject({ action: 'code_issued', subjectId: 'erased' });
    expect(byId['audit-4']).toMatchObject({ action: 'member_viewed', subjectId: other.customerId });
    expect(byId['audit-5']).toMatchObject({ action: 'code_issued', subjectId: other.registrationId });
    expect(byId['audit-6']).toMatchObject({ action: 'export', subjectId: 'members' });
    for (let index = 0; index < rows.length; index += 1) {
      expect(byId[`audit-${index}`]).toMatchObject({
        actorKind: 'staff',
        actorId: 'manager-9',
        client: '198.51.100.4',
        at: new Date(Date.UTC(2026, 0, 1, 12, index)),
      });
    }
  });

  it('writes nothing for an email no one has', async () => {
    const before = await everything();
    expect(await eraseMember(database.db, 'nobody@example.com', { actor: { kind: 'cli' } })).toBeNull();
    expect(await everything()).toBe(before);
  });
});

describe("an erasure's audit subject", () => {
  // The suite above erases once, in its hook, which the mutation runs cannot pin to a test: the wording is also
  // checked here, on its own.
  it('names each kind of row with its count, in the order counted, and nothing else', () => {
    const counts: ErasedCounts = {
      customers: 1,
      registrations: 1,
      surveys: 0,
      textMessages: 1,
      events: 3,
      deliveries: 0,
      idempotencyKeys: 0,
      followUpCases: 0,
      consentChanges: 2,
      inboundTexts: 1,
      visits: 4,
    };
    expect(erasureSummary(counts)).toBe(
      'customers 1, registrations 1, surveys 0, textMessages 1, events 3, deliveries 0, idempotencyKeys 0, ' +
        'followUpCases 0, consentChanges 2, inboundTexts 1, visits 4',
    );
  });
});
