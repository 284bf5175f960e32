import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/platform/db/client';
import {
  customers,
  idempotencyKeys,
  outboxEvents,
  rateLimits,
  registrations,
  smsMessages,
  visits,
  webhookDeliveries,
  webhookEndpoints,
} from '../../../../server/platform/db/schema';
import { parseEnv } from '../../../../server/env';
import { enqueue } from '../../../../server/platform/jobs/job-queue';
import { QUEUES } from '../../../../server/platform/jobs/queues';
import { runRetention } from '../../../../server/features/retention/run-retention';
import { STRANGER_VISIT_RETENTION_DAYS } from '../../../../server/features/retention/retention-rules';
import { customerRow } from '../../helpers/customer-row';
import { DRIVERS, EMBEDDED_ONLY, openTestDatabase } from '../../helpers/test-database';

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const DAY = 24 * HOUR;
const now = new Date('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const settings = parseEnv({}).retention;

describe.each(DRIVERS)('the retention pass on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await database.db.insert(webhookEndpoints).values({
      id: 'receiver',
      url: 'https://crm.example/hooks',
      eventTypes: ['registration.issued'],
      secret: `whsec_${Buffer.alloc(24, 1).toString('base64')}`,
    });
  });
  afterAll(() => database.close());

  const db = () => database.db;

  async function addRegistration(id: string, fields: Partial<typeof registrations.$inferInsert>) {
    await db()
      .insert(registrations)
      .values({ id, mobileNumber: '+12015550143', saleDate: ago(400 * DAY), createdAt: ago(400 * DAY), ...fields });
  }

  async function addEvent(id: string, createdAt: Date, registrationId = 'nobody', deliveries: string[] = []) {
    const body = { type: 'registration.issued', timestamp: createdAt.toISOString(), version: 1, data: {} as object };
    body.data = { registration: { id: registrationId, mobileNumber: '+12015550143' } };
    await db()
      .insert(outboxEvents)
      .values({ id, type: 'registration.issued', body: JSON.stringify(body), createdAt });
    for (const [index, status] of deliveries.entries()) {
      await db()
        .insert(webhookDeliveries)
        .values({ id: `${id}-d${index}`, eventId: id, endpointId: 'receiver', status, createdAt });
    }
  }

  const ids = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows).map((row) => row.id).sort();

  it('forgets idempotency keys IDEMPOTENCY_TTL_HOURS after their first use, in batches, and keeps younger ones', async () => {
    const cut = ago(settings.idempotencyTtlHours * HOUR);
    const expiresAt = new Date(now.getTime() + DAY);
    const old = Array.from({ length: 1100 }, (_, index) => ({
      scope: 'test',
      key: `old-${index}`,
      requestHash: 'x',
      createdAt: new Date(cut.getTime() - SECOND - index),
      expiresAt,
    }));
    await db().insert(idempotencyKeys).values(old);
    await db()
      .insert(idempotencyKeys)
      .values({
        scope: 'test',
        key: 'young',
        requestHash: 'x',
        createdAt: new Date(cut.getTime() + SECOND),
        expiresAt,
      });

    const deleted = await runRetention(db(), settings, now);
    expect(deleted.idempotencyKeys).toBe(1100);
    const left = await db().select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((row) => row.key)).toEqual(['young']);

    // A shorter TTL reaches the young key too.
    expect((await runRetention(db(), { ...settings, idempotencyTtlHours: 1 }, now)).idempotencyKeys).toBe(1);
  });

  it('deletes throttle counters whose window has ended, and keeps running and endless ones', async () => {
    await db()
      .insert(rateLimits)
      .values([
        { key: 'ended', points: 3, expire: ago(SECOND) },
        { key: 'running', points: 3, expire: new Date(now.getTime() + SECOND) },
        { key: 'endless', points: 3, expire: null },
      ]);
    expect((await runRetention(db(), settings, now)).rateLimits).toBe(1);
    const left = await db().select({ key: rateLimits.key }).from(rateLimits).orderBy(rateLimits.key);
    expect(left.map((row) => row.key)).toEqual(['endless', 'running']);
  });

  it('deletes a registration never completed UNCOMPLETED_RETENTION_DAYS after its expiry, with its texts and events', async () => {
    const cut = ago(settings.uncompletedRetentionDays * DAY);
    await addRegistration('stale', { expiresAt: new Date(cut.getTime() - SECOND) });
    await addRegistration('recent', { expiresAt: new Date(cut.getTime() + SECOND) });
    await addRegistration('no-expiry', { expiresAt: null });
    // Completed long ago, with its customer: kept as long as the customer is.
    await addRegistration('completed', {
      expiresAt: ago(1000 * DAY),
      isCompleted: true,
      completedAt: ago(1000 * DAY),
      customerId: 'customer-1',
    });
    await db()
      .insert(customers)
      .values(
        customerRow({
          id: 'customer-1',
          registrationId: 'completed',
          mobileNumber: '+12015550143',
          termsAgreedAt: ago(1000 * DAY),
        }),
      );
    await db()
      .insert(smsMessages)
      .values([
        { id: 'text-stale', registrationId: 'stale', status: 'failed' },
        { id: 'text-recent', registrationId: 'recent', status: 'sent' },
        { id: 'text-completed', registrationId: 'completed', status: 'sent' },
      ]);
    // Events about them, young enough that only the registrations' rule can remove them.
    await addEvent('msg_stale', ago(DAY), 'stale', ['pending']);
    await addEvent('msg_recent', ago(DAY), 'recent', ['delivered']);
    await addEvent('msg_completed', ago(DAY), 'completed', ['delivered']);

    const deleted = await runRetention(db(), settings, now);
    expect(deleted).toMatchObject({ registrations: 1, textMessages: 1, events: 1, deliveries: 1 });
    expect(await ids(db().select({ id: registrations.id }).from(registrations))).toEqual([
      'completed',
      'no-expiry',
      'recent',
    ]);
    expect(await ids(db().select({ id: smsMessages.id }).from(smsMessages))).toEqual(['text-completed', 'text-recent']);
    expect(await ids(db().select({ id: outboxEvents.id }).from(outboxEvents))).toEqual(['msg_completed', 'msg_recent']);
    expect((await db().select().from(customers)).map((row) => row.id)).toEqual(['customer-1']);

    // Decades later, the completed registration is still there: no rule but erasure removes it.
    await runRetention(db(), settings, new Date(now.getTime() + 10_000 * DAY));
    expect(await ids(db().select({ id: registrations.id }).from(registrations))).toContain('completed');
  });

  it("deletes the visits of a number no member has STRANGER_VISIT_RETENTION_DAYS after them, never a member's", async () => {
    const cut = ago(STRANGER_VISIT_RETENTION_DAYS * DAY);
    await addRegistration('visitor-reg', { mobileNumber: '+12015550190', isCompleted: true });
    await db()
      .insert(customers)
      .values(customerRow({ id: 'visitor', registrationId: 'visitor-reg', mobileNumber: '+12015550190' }));
    const visit = (id: string, mobileNumber: string, visitedAt: Date) => ({
      id,
      siteId: '7',
      externalId: id,
      visitedAt,
      mobileNumber,
    });
    await db()
      .insert(visits)
      .values([
        visit('stranger-old', '+12015550191', cut),
        visit('stranger-young', '+12015550191', new Date(cut.getTime() + SECOND)),
        visit('member-old', '+12015550190', ago(800 * DAY)),
      ]);
    expect(await runRetention(db(), settings, now)).toMatchObject({ visits: 1 });
    expect(await ids(db().select({ id: visits.id }).from(visits))).toEqual(['member-old', 'stranger-young']);
  });

  it('deletes events EVENT_RETENTION_DAYS old whose deliveries are all settled, or that have none, and keeps the rest', async () => {
    await db().delete(outboxEvents);
    const cut = ago(settings.eventRetentionDays * DAY);
    const before = new Date(cut.getTime() - SECOND);
    const after = new Date(cut.getTime() + SECOND);
    await addEvent('msg_settled', before, 'nobody', ['delivered', 'failed']);
    await addEvent('msg_pending', before, 'nobody', ['delivered', 'pending']);
    await addEvent('msg_undelivered', before);
    await addEvent('msg_young', after, 'nobody', ['delivered']);
    // Its delivery job has not run yet: as good as pending.
    await addEvent('msg_queued', before);
    await enqueue(db(), QUEUES.webhookEvent, { eventId: 'msg_queued' });

    const deleted = await runRetention(db(), settings, now);
    expect(deleted).toMatchObject({ events: 2, deliveries: 2, registrations: 0 });
    expect(await ids(db().select({ id: outboxEvents.id }).from(outboxEvents))).toEqual([
      'msg_pending',
      'msg_queued',
      'msg_young',
    ]);
    const deliveries = await db()
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.eventId, ['msg_settled', 'msg_pending']));
    expect(deliveries.map((row) => row.id).sort()).toEqual(['msg_pending-d0', 'msg_pending-d1']);

    // Once the pending delivery settles, the event goes at the next pass.
    await db().update(webhookDeliveries).set({ status: 'failed' }).where(eq(webhookDeliveries.id, 'msg_pending-d1'));
    expect((await runRetention(db(), settings, now)).events).toBe(1);
  });
});

describe.each(EMBEDDED_ONLY)('the retention pass at its edges on %s', (driver) => {
  let database: Database;
  // One database for the block (opening one is the slow part on a busy machine), emptied before each test.
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await database.db.insert(webhookEndpoints).values({
      id: 'receiver',
      url: 'https://crm.example/hooks',
      eventTypes: ['registration.issued'],
      secret: `whsec_${Buffer.alloc(24, 1).toString('base64')}`,
    });
  });
  beforeEach(async () => {
    for (const table of [webhookDeliveries, outboxEvents, smsMessages, registrations, rateLimits, idempotencyKeys]) {
      await database.db.delete(table);
    }
  });
  afterAll(() => database.close());

  const db = () => database.db;
  const MS = 1;
  const eventRow = (id: string, createdAt: Date, registrationId = 'nobody') => ({
    id,
    type: 'registration.issued',
    body: JSON.stringify({
      type: 'registration.issued',
      timestamp: createdAt.toISOString(),
      version: 1,
      data: { registration: { id: registrationId, mobileNumber: '+12015550143' } },
    }),
    createdAt,
  });
  const registrationRow = (id: string, expiresAt: Date) => ({
    id,
    mobileNumber: '+12015550143',
    saleDate: ago(400 * DAY),
    createdAt: ago(400 * DAY),
    expiresAt,
  });
  const left = async <T extends Record<string, unknown>>(rows: Promise<T[]>, key: keyof T) =>
    (await rows).map((row) => String(row[key])).sort();

  it('deletes a row the instant its rule reaches it, and keeps one a millisecond younger', async () => {
    const keysCut = ago(settings.idempotencyTtlHours * HOUR);
    const registrationsCut = ago(settings.uncompletedRetentionDays * DAY);
    const eventsCut = ago(settings.eventRetentionDays * DAY);
    const expiresAt = new Date(now.getTime() + DAY);
    await db()
      .insert(idempotencyKeys)
      .values([
        { scope: 'test', key: 'at-cut', requestHash: 'x', createdAt: keysCut, expiresAt },
        { scope: 'test', key: 'after-cut', requestHash: 'x', createdAt: new Date(keysCut.getTime() + MS), expiresAt },
      ]);
    await db()
      .insert(rateLimits)
      .values([
        { key: 'ends-now', points: 1, expire: now },
        { key: 'ends-next', points: 1, expire: new Date(now.getTime() + MS) },
      ]);
    await db()
      .insert(registrations)
      .values([
        registrationRow('at-cut', registrationsCut),
        registrationRow('after-cut', new Date(registrationsCut.getTime() + MS)),
      ]);
    await db()
      .insert(outboxEvents)
      .values([eventRow('msg_at_cut', eventsCut), eventRow('msg_after_cut', new Date(eventsCut.getTime() + MS))]);

    expect(await runRetention(db(), settings, now)).toEqual({
      idempotencyKeys: 1,
      rateLimits: 1,
      registrations: 1,
      textMessages: 0,
      events: 1,
      deliveries: 0,
      visits: 0,
    });
    expect(await left(db().select({ key: idempotencyKeys.key }).from(idempotencyKeys), 'key')).toEqual(['after-cut']);
    expect(await left(db().select({ key: rateLimits.key }).from(rateLimits), 'key')).toEqual(['ends-next']);
    expect(await left(db().select({ id: registrations.id }).from(registrations), 'id')).toEqual(['after-cut']);
    expect(await left(db().select({ id: outboxEvents.id }).from(outboxEvents), 'id')).toEqual(['msg_after_cut']);

    // A millisecond later, each rule reaches the rest.
    expect(await runRetention(db(), settings, new Date(now.getTime() + MS))).toEqual({
      idempotencyKeys: 1,
      rateLimits: 1,
      registrations: 1,
      textMessages: 0,
      events: 1,
      deliveries: 0,
      visits: 0,
    });
  });

  it('counts nothing when nothing has outlived its purpose', async () => {
    expect(await runRetention(db(), settings, now)).toEqual({
      idempotencyKeys: 0,
      rateLimits: 0,
      registrations: 0,
      textMessages: 0,
      events: 0,
      deliveries: 0,
      visits: 0,
    });
  });

  it("adds up the events and deliveries of both rules: a stale registration's and old settled ones", async () => {
    await db()
      .insert(registrations)
      .values(registrationRow('stale', ago((settings.uncompletedRetentionDays + 1) * DAY)));
    await db().insert(smsMessages).values({ id: 'text-stale', registrationId: 'stale', status: 'sent' });
    await db()
      .insert(outboxEvents)
      .values([eventRow('msg_about_stale', ago(DAY), 'stale'), eventRow('msg_old', ago(100 * DAY))]);
    await db()
      .insert(webhookDeliveries)
      .values([
        { id: 'd-stale', eventId: 'msg_about_stale', endpointId: 'receiver', status: 'pending' },
        { id: 'd-old-1', eventId: 'msg_old', endpointId: 'receiver', status: 'delivered' },
        { id: 'd-old-2', eventId: 'msg_old', endpointId: 'receiver', status: 'failed' },
      ]);

    expect(await runRetention(db(), settings, now)).toEqual({
      idempotencyKeys: 0,
      rateLimits: 0,
      registrations: 1,
      textMessages: 1,
      events: 2,
      deliveries: 3,
      visits: 0,
    });
    expect(await db().select().from(webhookDeliveries)).toEqual([]);
  });

  it('works through more rows than one batch of each kind holds', async () => {
    const n = 501;
    const stale = ago((settings.uncompletedRetentionDays + 1) * DAY);
    const range = Array.from({ length: n }, (_, index) => index);
    await db()
      .insert(rateLimits)
      .values(range.map((index) => ({ key: `ended-${index}`, points: 1, expire: ago(SECOND) })));
    await db()
      .insert(registrations)
      .values(range.map((index) => registrationRow(`stale-${index}`, stale)));
    await db()
      .insert(smsMessages)
      .values(range.map((index) => ({ id: `text-${index}`, registrationId: `stale-${index}`, status: 'sent' })));
    await db()
      .insert(outboxEvents)
      .values([
        ...range.map((index) => eventRow(`msg_about_${index}`, ago(DAY), `stale-${index}`)),
        ...range.map((index) => eventRow(`msg_old_${index}`, ago(100 * DAY))),
      ]);
    await db()
      .insert(webhookDeliveries)
      .values(
        range.map((index) => ({
          id: `d-${index}`,
          eventId: `msg_about_${index}`,
          endpointId: 'receiver',
          status: 'delivered',
        })),
      );

    expect(await runRetention(db(), settings, now)).toEqual({
      idempotencyKeys: 0,
      rateLimits: n,
      registrations: n,
      textMessages: n,
      events: 2 * n,
      deliveries: n,
      visits: 0,
    });
    expect(await db().select().from(registrations)).toEqual([]);
    expect(await db().select().from(outboxEvents)).toEqual([]);
    expect(await db().select().from(rateLimits)).toEqual([]);
  });
});
