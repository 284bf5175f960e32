import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, registrations, smsMessages } from '../../../../server/platform/db/schema';
import { DRIVERS } from '../../helpers/test-database';
import { ADMIN_API_KEY, startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';
import { addStaff, sessionOf } from '../../helpers/staff-session';

// Issue 23, findings 1 and 2: what a code's pre-fill may reveal, and what issuing and texting may cost.

const sale = { planName: 'Ceramic Shine', amount: 39.99, rechargeDate: '2026-12-31' };
const pointOfSale = { anonymous: true, headers: { authorization: `Bearer ${ADMIN_API_KEY}` } };

describe.each(DRIVERS)('issuing codes on %s', (driver) => {
  let t: TestApp;
  let manager: { cookie: string; origin: string };
  let managerId: string;
  beforeAll(async () => {
    t = await startTestApp(driver, {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: 'twilio-test-auth-token',
      TWILIO_FROM: '+15005550006',
      CODES_PER_ISSUER_PER_HOUR: '12',
      RETURNING_CODES_PER_ISSUER_PER_HOUR: '4',
      TEXTS_PER_NUMBER_PER_DAY: '3',
      TEXTS_PER_ISSUER_PER_HOUR: '5',
    });
    managerId = (await addStaff(t, { email: 'site7@wash.example', role: 'manager', sites: ['7'] })).id;
    manager = await sessionOf(t, 'site7@wash.example');
  });
  afterAll(() => t.close());

  const asManager = () => ({ anonymous: true, headers: manager });
  const issueAs = (who: object, json: object) => t.call('POST', '/api/admin/registration-tokens', { ...who, json });
  /** A member who joined at `siteId` through an issued code. */
  async function memberAt(siteId: string, mobileNumber: string, firstName: string) {
    const code = await t.issue({ siteId, mobileNumber });
    const res = await t.call('POST', '/api/customers', {
      json: validCustomer(code.registration.id, { firstName }),
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }
  const auditRows = (action: string, subjectId: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.subjectId, subjectId)));

  it("pre-fills a manager's returning code only from their own sites' members", async () => {
    await memberAt('9', '+12015550171', 'Nina');
    const code = await issueAs(asManager(), {
      ...sale,
      siteId: '7',
      mobileNumber: '+12015550171',
      isReturningCustomer: true,
    });
    expect(code.status).toBe(201);
    const opened = await t.call('GET', `/api/registration-tokens/${code.body.token}`);
    expect(opened.status).toBe(200);
    expect(opened.body).not.toHaveProperty('profile');
    expect(JSON.stringify(opened.body)).not.toContain('Nina');
    expect(await auditRows('member_prefilled', code.body.registration.id)).toEqual([]);
  });

  it('pre-fills from a member the manager may see, and audits who disclosed it', async () => {
    const customerId = await memberAt('7', '+12015550172', 'Omar');
    const code = await issueAs(asManager(), {
      ...sale,
      siteId: '7',
      mobileNumber: '+12015550172',
      isReturningCustomer: true,
    });
    const opened = await t.call('GET', `/api/registration-tokens/${code.body.token}`);
    expect(opened.body.profile).toMatchObject({ firstName: 'Omar' });
    expect(await auditRows('member_prefilled', customerId)).toMatchObject([{ actorKind: 'staff', actorId: managerId }]);
    expect(await auditRows('code_issued', code.body.registration.id)).toMatchObject([
      { actorKind: 'staff', actorId: managerId },
    ]);
  });

  it('audits a code the point-of-sale issues, as the key it used', async () => {
    const code = await issueAs(pointOfSale, { ...sale, siteId: '12', mobileNumber: '+12015550173' });
    expect(code.status).toBe(201);
    expect(await auditRows('code_issued', code.body.registration.id)).toMatchObject([
      { actorKind: 'key', actorId: 'environment' },
    ]);
  });

  it('texts one number a few times a day, whoever asks, and keeps nothing of a refused code', async () => {
    const number = '+12015550174';
    const texts = async () =>
      (
        await t.database.db
          .select({ n: count() })
          .from(smsMessages)
          .innerJoin(registrations, eq(registrations.id, smsMessages.registrationId))
          .where(and(eq(registrations.mobileNumber, number), eq(smsMessages.kind, 'code')))
      )[0]!.n;
    for (const who of [pointOfSale, asManager(), pointOfSale]) {
      expect((await issueAs(who, { ...sale, siteId: '7', mobileNumber: number, send: 'sms' })).status).toBe(201);
    }
    const refused = await issueAs(asManager(), { ...sale, siteId: '7', mobileNumber: '(201) 555-0174', send: 'sms' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.body.error.message).toContain('link or QR code');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await texts()).toBe(3);
    const [issued] = await t.database.db
      .select({ n: count() })
      .from(registrations)
      .where(eq(registrations.mobileNumber, number));
    expect(issued!.n).toBe(3);
    // Without a text, the link can still be given at the counter.
    expect((await issueAs(asManager(), { ...sale, siteId: '7', mobileNumber: number })).status).toBe(201);
  });

  it('budgets texts, returning-member codes and codes per issuer, each issuer on its own', async () => {
    // The point-of-sale has sent 2 texts above; 3 more to other numbers, then no more this hour.
    for (const last of ['81', '82', '83']) {
      const res = await issueAs(pointOfSale, { ...sale, mobileNumber: `+120155501${last}`, send: 'sms' });
      expect(res.status).toBe(201);
    }
    const sixth = await issueAs(pointOfSale, { ...sale, mobileNumber: '+12015550184', send: 'sms' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.message).toBe(
      'Too many texts sent in the last hour. Show the customer the link or QR code instead.',
    );

    for (let i = 0; i < 4; i += 1) {
      const res = await issueAs(pointOfSale, { ...sale, mobileNumber: `+1201555019${i}`, isReturningCustomer: true });
      expect(res.status).toBe(201);
    }
    const returning = await issueAs(pointOfSale, { ...sale, mobileNumber: '+12015550199', isReturningCustomer: true });
    expect(returning.status).toBe(429);
    expect(returning.body.error.message).toBe(
      'Too many returning-member codes issued in the last hour. Try again later.',
    );

    // 10 codes so far (1 + 2 + 3 + 4; a refused one costs nothing): two more, then the hour's budget is spent.
    for (const last of ['85', '86']) {
      expect((await issueAs(pointOfSale, { ...sale, mobileNumber: `+120155501${last}` })).status).toBe(201);
    }
    const over = await issueAs(pointOfSale, { ...sale, mobileNumber: '+12015550187' });
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe('Too many registration codes issued in the last hour. Try again later.');
    // The manager's budget is their own.
    expect((await issueAs(asManager(), { ...sale, siteId: '7', mobileNumber: '+12015550188' })).status).toBe(201);
  });
});
