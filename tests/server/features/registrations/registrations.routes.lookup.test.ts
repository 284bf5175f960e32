import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrations } from '../../../../server/platform/db/schema';
import { DRIVERS } from '../../helpers/test-database';
import { startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';

describe.each(DRIVERS)('GET /api/registration-tokens/:token on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { LOOKUP_MISSES_PER_MINUTE: '5' });
  });
  afterAll(() => t.close());

  it('answers the registration record of an open code, with the number in E.164', async () => {
    const issued = await t.issue({ planName: 'Basic Plan', amount: 19.5, rechargeDate: '2026-12-03' });
    const res = await t.call('GET', `/api/registration-tokens/${issued.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      id: issued.registration.id,
      amount: 19.5,
      isCompleted: false,
      mobileNumber: '+12015550143',
      planName: 'Basic Plan',
      rechargeDate: '2026-12-03',
      saleDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
      siteId: '7',
      sourceSystem: 'test',
      token: issued.token,
      customerId: null,
      isReturningCustomer: false,
    });
  });

  it('records when the link was first opened, and only the first time', async () => {
    const issued = await t.issue();
    const openedAt = async () =>
      (await t.database.db.select().from(registrations).where(eq(registrations.id, issued.registration.id)))[0]!
        .openedAt;
    expect(await openedAt()).toBeNull();
    await t.call('GET', `/api/registration-tokens/${issued.token}`);
    const first = await openedAt();
    expect(first).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.call('GET', `/api/registration-tokens/${issued.token}`);
    expect(await openedAt()).toEqual(first);
  });

  it('stores only a SHA-256 hash of the code', async () => {
    const issued = await t.issue();
    const [row] = await t.database.db.select().from(registrations).where(eq(registrations.id, issued.registration.id));
    // Worked out apart from the server's hashToken(), so a change of algorithm shows.
    expect(row?.tokenHash).toBe(createHash('sha256').update(issued.token, 'utf8').digest('hex'));
    expect(JSON.stringify(row)).not.toContain(issued.token);
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(issued.url).toBe(`https://club.example/?id=${issued.token}`);
  });

  it('answers 404 for an unknown code and for an expired one', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.1' };
    const unknown = await t.call('GET', '/api/registration-tokens/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', { headers });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');

    const issued = await t.issue();
    await t.database.db
      .update(registrations)
      // Issued a week ago, expired a second ago: an expiry before its creation cannot happen.
      .set({ createdAt: new Date(Date.now() - 7 * 86_400_000), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrations.id, issued.registration.id));
    const expired = await t.call('GET', `/api/registration-tokens/${issued.token}`, { headers });
    expect(expired.status).toBe(404);
  });

  it('still answers a completed code, but masks the number and carries the customer id', async () => {
    const issued = await t.issue();
    const created = await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) });
    expect(created.status).toBe(201);
    const res = await t.call('GET', `/api/registration-tokens/${issued.token}`);
    expect(res.status).toBe(200);
    expect(res.body.isCompleted).toBe(true);
    expect(res.body.mobileNumber).toBe('•••• 0143');
    expect(res.body.customerId).toBe(created.body.id);
    expect(res.body.profile).toBeUndefined();
  });

  it('still answers a completed code after its expiry, so a member coming back later reaches thank-you', async () => {
    const issued = await t.issue();
    const created = await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) });
    expect(created.status).toBe(201);
    await t.database.db
      .update(registrations)
      .set({ createdAt: new Date(Date.now() - 7 * 86_400_000), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrations.id, issued.registration.id));
    const res = await t.call('GET', `/api/registration-tokens/${issued.token}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isCompleted: true, customerId: created.body.id });
  });

  it("pre-fills a returning member's last saved profile", async () => {
    const first = await t.issue({ mobileNumber: '+12015550188' });
    await t.call('POST', '/api/customers', {
      json: validCustomer(first.registration.id, {
        firstName: 'Rosa',
        vehicleModel: 'Camry',
        licensePlate: 'rsa 4821',
        licensePlateState: 'WI',
      }),
    });
    const again = await t.issue({ mobileNumber: '+12015550188', isReturningCustomer: true });
    const res = await t.call('GET', `/api/registration-tokens/${again.token}`);
    expect(res.body.isReturningCustomer).toBe(true);
    expect(res.body.profile).toMatchObject({
      firstName: 'Rosa',
      vehicleModel: 'Camry',
      region: 'IL',
      licensePlate: 'RSA4821',
      licensePlateState: 'WI',
    });
    expect(res.body.profile.isAgreedToTerms).toBeUndefined();
  });

  it('never pre-fills from a manual sign-up, which proves nothing about the number it carries', async () => {
    const member = await t.issue({ mobileNumber: '+12015550166' });
    await t.call('POST', '/api/customers', {
      json: validCustomer(member.registration.id, { email: 'member@example.com', address: '1 Member Way' }),
    });
    // A stranger signs up without a code, typing the member's number and their own details.
    const planted = await t.call('POST', '/api/customers', {
      json: validCustomer('-1', {
        mobileNumber: '+12015550166',
        email: 'stranger@example.com',
        address: '99 Stranger Street',
      }),
      headers: { 'x-forwarded-for': '198.51.100.200' },
    });
    expect(planted.status).toBe(201);

    const returning = await t.issue({ mobileNumber: '+12015550166', isReturningCustomer: true });
    const res = await t.call('GET', `/api/registration-tokens/${returning.token}`);
    expect(res.body.profile).toMatchObject({ email: 'member@example.com', address: '1 Member Way' });

    // A number only a manual sign-up has used gets no pre-fill at all.
    await t.call('POST', '/api/customers', {
      json: validCustomer('-1', { mobileNumber: '+12015550177', email: 'stranger@example.com' }),
    });
    const unverified = await t.issue({ mobileNumber: '+12015550177', isReturningCustomer: true });
    expect((await t.call('GET', `/api/registration-tokens/${unverified.token}`)).body.profile).toBeUndefined();
  });

  it('gives a new member no profile even when the number has one', async () => {
    const res = await t.call(
      'GET',
      `/api/registration-tokens/${(await t.issue({ mobileNumber: '+12015550188' })).token}`,
    );
    expect(res.body.profile).toBeUndefined();
  });

  it('rate-limits misses per client address with 429 and Retry-After, yet always answers a known code', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    for (let i = 0; i < 5; i += 1) {
      const miss = await t.call('GET', `/api/registration-tokens/unknown-code-number-${i}`, { headers });
      expect(miss.status).toBe(404);
    }
    const limited = await t.call('GET', '/api/registration-tokens/unknown-code-number-5', { headers });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // Everyone behind one carrier NAT shares this address: their codes must still open.
    const issued = await t.issue();
    expect((await t.call('GET', `/api/registration-tokens/${issued.token}`, { headers })).status).toBe(200);

    const otherClient = await t.call('GET', '/api/registration-tokens/unknown-code-number-6', {
      headers: { 'x-forwarded-for': '203.0.113.10' },
    });
    expect(otherClient.status).toBe(404);
  });

  it('takes the address the trusted proxy saw, not what the client wrote into X-Forwarded-For', async () => {
    const spend = async (forwardedFor: string, count: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const res = await t.call('GET', `/api/registration-tokens/spoofed-code-number-${i}`, {
          headers: { 'x-forwarded-for': forwardedFor },
        });
        statuses.push(res.status);
      }
      return statuses;
    };
    // A new made-up leftmost entry on every request: still one client, the one the proxy appended.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push(...(await spend(`10.9.${i}.1, 198.51.100.77`, 1)));
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as its IPv4', async () => {
    const miss = (address: string, i: number) =>
      t.call('GET', `/api/registration-tokens/six-code-number-${i}`, { headers: { 'x-forwarded-for': address } });
    const statuses: number[] = [];
    // One phone's /64, a different interface id on every request.
    for (let i = 0; i < 6; i += 1) statuses.push((await miss(`2001:db8:aa:bb::${(i + 1).toString(16)}`, i)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    expect((await miss('2001:db8:aa:cc::1', 7)).status).toBe(404);

    const mapped: number[] = [];
    for (let i = 0; i < 3; i += 1) mapped.push((await miss('192.0.2.33', i)).status);
    for (let i = 3; i < 6; i += 1) mapped.push((await miss('::ffff:192.0.2.33', i)).status);
    expect(mapped).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it('does not count hits against the limit', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.50' };
    const issued = await t.issue();
    for (let i = 0; i < 8; i += 1) {
      expect((await t.call('GET', `/api/registration-tokens/${issued.token}`, { headers })).status).toBe(200);
    }
  });

  it('requires the API key', async () => {
    const issued = await t.issue();
    const res = await t.call('GET', `/api/registration-tokens/${issued.token}`, { anonymous: true });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });
});
