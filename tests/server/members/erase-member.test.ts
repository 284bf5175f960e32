import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import {
  auditEvents,
  customers,
  idempotencyKeys,
  outboxEvents,
  registrations,
  smsMessages,
  surveys,
  webhookDeliveries,
} from '../../../server/db/schema';
import { eraseMember } from '../../../server/members/erase-member';
import { exportMember } from '../../../server/members/export-member';
import { DRIVERS, openTestDatabase } from '../helpers/test-database';
import { deliverAll, seedMember, type SeededMember } from './support/member-fixture';

const EMAIL = 'Dana.Whitfield@Example.com';
const PHONE = '+12015550143';

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

  /** Every row of every table that holds member data, as text. */
  async function everything() {
    const db = database.db;
    return JSON.stringify({
      customers: await db.select().from(customers),
      registrations: await db.select().from(registrations),
      surveys: await db.select().from(surveys),
      texts: await db.select().from(smsMessages),
      events: await db.select().from(outboxEvents),
      deliveries: await db.select().from(webhookDeliveries),
      keys: await db.select().from(idempotencyKeys),
      audit: await db.select().from(auditEvents),
    });
  }

  it('changes nothing, and writes no audit row, when a step fails midway', async () => {
    const before = await everything();
    // The last delete fails, after the profiles, surveys and events are gone inside the transaction.
    await database.db.execute(sql`
      create function refuse_delete() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await database.db.execute(
      sql`create trigger refuse_delete before delete on registrations for each row execute function refuse_delete()`,
    );
    try {
      await expect(eraseMember(database.db, EMAIL, { actor: { kind: 'cli' } })).rejects.toThrow();
    } finally {
      await database.db.execute(sql`drop trigger refuse_delete on registrations`);
      await database.db.execute(sql`drop function refuse_delete()`);
    }
    expect(await everything()).toBe(before);
  });

  it('deletes every row about the member in one go, counts them, and leaves the other member whole', async () => {
    const exportOf = async (email: string) => {
      const { exportedAt: _at, ...rest } = (await exportMember(database.db, email))!;
      return rest;
    };
    const otherBefore = await exportOf('sam.other@example.com');
    const erased = await eraseMember(database.db, '  dana.WHITFIELD@example.com ', {
      actor: { kind: 'staff', id: 'owner-1' },
      client: '203.0.113.7',
    });
    expect(erased!.customerIds.sort()).toEqual(members.map((m) => m.customerId).sort());
    // Per profile: its registration (issued, completed), a survey, a text; events issued, completed, submitted.
    expect(erased!.counts).toEqual({
      customers: 2,
      registrations: 2,
      surveys: 2,
      textMessages: 2,
      events: 6,
      deliveries: 6,
      idempotencyKeys: 1,
    });

    const left = await everything();
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
      subjectId: 'customers 2, registrations 2, surveys 2, textMessages 2, events 6, deliveries 6, idempotencyKeys 1',
    });
    const text = JSON.stringify(row);
    for (const personal of ['whitfield', 'dana', PHONE, ...members.map((m) => m.customerId)]) {
      expect(text.toLowerCase()).not.toContain(personal.toLowerCase());
    }
  });

  it('writes nothing for an email no one has', async () => {
    const before = await everything();
    expect(await eraseMember(database.db, 'nobody@example.com', { actor: { kind: 'cli' } })).toBeNull();
    expect(await everything()).toBe(before);
  });
});
