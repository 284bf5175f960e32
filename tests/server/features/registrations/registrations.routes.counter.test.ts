import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../../server/features/api-keys/api-keys';
import { auditEvents, registrations, sites, smsMessages, smsSuppressions } from '../../../../server/platform/db/schema';
import { DRIVERS } from '../../helpers/test-database';
import type { IssuedCode } from '../../../../src/domain/issued-codes';
import { startTestApp, validCustomer, type CallResult, type TestApp } from '../../helpers/test-app';
import { addStaff, sessionOf } from '../../helpers/staff-session';

// The counter (decision 045): today's codes at the caller's sites, shown and texted again by issuing's rules.

/** The codes a list answered. */
const codesOf = (res: CallResult) => res.body.results as IssuedCode[];
const idsOf = (res: CallResult) => codesOf(res).map((code) => code.id);

const sale = { planName: 'Ceramic Shine', amount: 39.99, rechargeDate: '2026-12-31' };

describe.each(DRIVERS)('the counter on %s', (driver) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let manager: Record<string, string>;
  const bearer = (key: string) => ({ anonymous: true, headers: { authorization: `Bearer ${key}` } });
  const as = (headers: Record<string, string>) => ({ anonymous: true, headers });
  let oneSiteKey: string;
  let twoSiteKey: string;

  beforeAll(async () => {
    t = await startTestApp(driver, {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: 'twilio-test-auth-token',
      TWILIO_FROM: '+15005550006',
      TEXTS_PER_NUMBER_PER_DAY: '2',
    });
    await addStaff(t, { email: 'owner@wash.example', role: 'owner' });
    await addStaff(t, { email: 'site7@wash.example', role: 'manager', sites: ['7'] });
    owner = await sessionOf(t, 'owner@wash.example');
    manager = await sessionOf(t, 'site7@wash.example');
    const keys = await t.database.db.transaction(async (tx) => [
      await createApiKey(tx, { name: 'Till at 7', scopes: ['registrations:issue'], sites: ['7'] }, null),
      await createApiKey(tx, { name: 'Till of two', scopes: ['registrations:issue'], sites: ['7', '9'] }, null),
    ]);
    oneSiteKey = keys[0]!.key;
    twoSiteKey = keys[1]!.key;
  });
  afterAll(() => t.close());

  const issueAs = (who: object, json: object) => t.call('POST', '/api/admin/registration-tokens', { ...who, json });
  const listAs = (who: object, query = '') => t.call('GET', `/api/admin/registrations${query}`, who);

  it("lists today's codes at a manager's sites only, newest first, with the number's last four and the issuer", async () => {
    const first = await issueAs(as(manager), { ...sale, siteId: '7', mobileNumber: '+12015550101' });
    const second = await issueAs(bearer(oneSiteKey), { ...sale, planName: 'Basic', mobileNumber: '+12015550102' });
    const elsewhere = await issueAs(as(owner), { ...sale, siteId: '9', mobileNumber: '+12015550103' });
    expect([first.status, second.status, elsewhere.status]).toEqual([201, 201, 201]);

    const seen = await listAs(as(manager));
    expect(seen.status).toBe(200);
    const ids = idsOf(seen);
    expect(ids).not.toContain(elsewhere.body.registration.id);
    expect(ids.indexOf(second.body.registration.id)).toBeLessThan(ids.indexOf(first.body.registration.id));
    const row = codesOf(seen).find((code) => code.id === first.body.registration.id);
    expect(row).toMatchObject({
      siteId: '7',
      lastFour: '0101',
      planName: 'Ceramic Shine',
      issuedBy: { kind: 'staff', name: 'site7@wash.example' },
      openedAt: null,
      completedAt: null,
      sms: null,
    });
    expect(JSON.stringify(seen.body)).not.toContain('+12015550101');
    expect(codesOf(seen).find((code) => code.id === second.body.registration.id)?.issuedBy).toEqual({
      kind: 'key',
      name: 'Till at 7',
    });

    const ownerSees = await listAs(as(owner));
    expect(idsOf(ownerSees)).toContain(elsewhere.body.registration.id);
    expect((await listAs(as(manager), '?site=9')).status).toBe(403);
    expect((await listAs(bearer(oneSiteKey))).status).toBe(403);
  });

  it('pages by key and finds older codes by the calendar day on the site clock', async () => {
    await t.database.db
      .insert(sites)
      .values({ id: '11', name: 'West', timeZone: 'America/Los_Angeles' })
      .onConflictDoNothing();
    const late = await issueAs(as(owner), { ...sale, siteId: '11', mobileNumber: '+12015550111' });
    const early = await issueAs(as(owner), { ...sale, siteId: '11', mobileNumber: '+12015550112' });
    // 03:30 UTC on 2 March is still 1 March in Los Angeles; 09:00 UTC on 1 March is that day there too.
    const setTime = (id: string, iso: string) =>
      t.database.db
        .update(registrations)
        .set({ createdAt: new Date(iso) })
        .where(eq(registrations.id, id));
    await setTime(late.body.registration.id, '2026-03-02T03:30:00Z');
    await setTime(early.body.registration.id, '2026-03-01T09:00:00Z');

    const day = await listAs(as(owner), '?site=11&day=2026-03-01&limit=1');
    expect(day.status).toBe(200);
    expect(idsOf(day)).toEqual([late.body.registration.id]);
    const next = await listAs(as(owner), `?site=11&day=2026-03-01&limit=1&after=${day.body.nextCursor}`);
    expect(idsOf(next)).toEqual([early.body.registration.id]);
    expect(next.body.nextCursor).toBeNull();
    expect((await listAs(as(owner), '?site=11&day=2026-03-02')).body.results).toEqual([]);
    expect((await listAs(as(owner), '?day=March')).body.error.code).toBe('validation_failed');
  });

  it('shows a live code again, audited, and no other site’s or used code', async () => {
    const issued = await issueAs(as(manager), { ...sale, siteId: '7', mobileNumber: '+12015550121' });
    const id = issued.body.registration.id as string;
    const again = await t.call('GET', `/api/admin/registrations/${id}/link`, as(manager));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ token: issued.body.token, url: issued.body.url });
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, id));
    expect(audit.map((row) => row.action).sort()).toEqual(['code_issued', 'code_shown']);

    const theirs = await issueAs(as(owner), { ...sale, siteId: '9', mobileNumber: '+12015550122' });
    expect(
      (await t.call('GET', `/api/admin/registrations/${theirs.body.registration.id}/link`, as(manager))).status,
    ).toBe(404);
    expect((await t.call('GET', '/api/admin/registrations/not-a-uuid/link', as(manager))).status).toBe(404);

    const done = await t.call('POST', '/api/customers', { json: validCustomer(id) });
    expect(done.status).toBe(201);
    const used = await t.call('GET', `/api/admin/registrations/${id}/link`, as(manager));
    expect(used.status).toBe(409);
    expect(used.body.error.code).toBe('code_unavailable');
    const listed = codesOf(await listAs(as(manager))).find((code) => code.id === id);
    expect(listed?.completedAt).not.toBeNull();
  });

  it('texts a code again within the number’s budget, once at a time, never after STOP', async () => {
    const issued = await issueAs(as(manager), { ...sale, siteId: '7', mobileNumber: '+12015550131', send: 'sms' });
    const id = issued.body.registration.id as string;
    const textAgain = () => t.call('POST', `/api/admin/registrations/${id}/texts`, as(manager));
    const pending = await textAgain();
    expect(pending.status).toBe(409);
    expect(pending.body.error.code).toBe('text_pending');

    await t.database.db
      .update(smsMessages)
      .set({ status: 'sent', linkToken: null })
      .where(and(eq(smsMessages.registrationId, id), eq(smsMessages.kind, 'code')));
    const again = await textAgain();
    expect(again.status).toBe(201);
    expect(again.body.status).toBe('queued');
    const texts = await t.database.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.registrationId, id), eq(smsMessages.kind, 'code')));
    expect(texts).toHaveLength(2);
    expect(texts.map((text) => text.linkToken)).toContain(issued.body.token);

    // TEXTS_PER_NUMBER_PER_DAY is 2: the issue's text and this one.
    await t.database.db
      .update(smsMessages)
      .set({ status: 'sent', linkToken: null })
      .where(and(eq(smsMessages.registrationId, id), eq(smsMessages.kind, 'code')));
    const over = await textAgain();
    expect(over.status).toBe(429);
    expect(
      await t.database.db
        .select()
        .from(smsMessages)
        .where(and(eq(smsMessages.registrationId, id), eq(smsMessages.kind, 'code'))),
    ).toHaveLength(2);

    const other = await issueAs(as(manager), { ...sale, siteId: '7', mobileNumber: '+12015550132' });
    await t.database.db.insert(smsSuppressions).values({
      mobileNumber: '+12015550132',
      keyword: 'STOP',
      messageSid: 'SM-counter-stop',
      senderNumber: '+15005550006',
      optedOutAt: new Date(),
    });
    const refused = await t.call('POST', `/api/admin/registrations/${other.body.registration.id}/texts`, as(manager));
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('sms_opted_out');
    expect(
      await t.database.db
        .select()
        .from(smsMessages)
        .where(and(eq(smsMessages.registrationId, other.body.registration.id), eq(smsMessages.kind, 'code'))),
    ).toEqual([]);
  });

  it('lets a key of exactly one site leave out siteId, and asks a key of two which site', async () => {
    const one = await issueAs(bearer(oneSiteKey), { ...sale, mobileNumber: '+12015550141' });
    expect(one.status).toBe(201);
    expect(one.body.registration.siteId).toBe('7');
    const two = await issueAs(bearer(twoSiteKey), { ...sale, mobileNumber: '+12015550142' });
    expect(two.status).toBe(400);
    expect(two.body.error.code).toBe('validation_failed');
    expect(two.body.error.issues).toEqual({ siteId: 'Say which site: you may issue codes for more than one (siteId)' });
    const named = await issueAs(bearer(twoSiteKey), { ...sale, siteId: '9', mobileNumber: '+12015550142' });
    expect(named.status).toBe(201);
    expect((await issueAs(bearer(oneSiteKey), { ...sale, siteId: '9', mobileNumber: '+12015550143' })).status).toBe(
      403,
    );
  });
});
