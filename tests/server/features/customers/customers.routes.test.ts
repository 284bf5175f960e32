import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, outboxEvents, registrations } from '../../../../server/platform/db/schema';
import { exportMember } from '../../../../server/features/members/export-member';
import { findMember } from '../../../../server/features/members/find-member';
import { CONSENT_VERSION } from '../../../../src/domain/consent';
import { DRIVERS, EMBEDDED_ONLY } from '../../helpers/test-database';
import { startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';

describe.each(DRIVERS)('POST /api/customers on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  const customerCount = async () => (await t.database.db.select({ n: count() }).from(customers))[0]!.n;
  const registrationOf = async (id: string) =>
    (await t.database.db.select().from(registrations).where(eq(registrations.id, id)))[0]!;

  it('stores the customer, closes the registration and links them, answering 201 with the id', async () => {
    const issued = await t.issue();
    const res = await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      registrationId: issued.registration.id,
      firstName: 'Dana',
      region: 'IL',
      vehicleYear: 2019,
      isSubscribedToNewsletters: true,
      isSubscribedToSmsMessaging: false,
      isAgreedToTerms: true,
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const registration = await registrationOf(issued.registration.id);
    expect(registration.isCompleted).toBe(true);
    expect(registration.customerId).toBe(res.body.id);
  });

  it('records consent with its time and the version of the wording', async () => {
    const issued = await t.issue();
    const res = await t.call('POST', '/api/customers', {
      json: validCustomer(issued.registration.id, {
        isSubscribedToSmsMessaging: true,
        isSubscribedToNewsletters: false,
      }),
    });
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, res.body.id));
    expect(row!.smsConsentAt).toBeInstanceOf(Date);
    expect(row!.newsletterConsentAt).toBeNull();
    expect(row!.consentVersion).toBe(CONSENT_VERSION);
    expect(row!.mobileNumber).toBe('+12015550143');
  });

  it('stores the plate normalised with its state, and the language the consent wording was shown in', async () => {
    const issued = await t.issue();
    const res = await t.call('POST', '/api/customers', {
      json: validCustomer(issued.registration.id, {
        licensePlate: ' abc-12 3',
        licensePlateState: 'TX',
        language: 'es',
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ licensePlate: 'ABC123', licensePlateState: 'TX' });
    // Evidence, like the wording's version: kept, not answered.
    expect(res.body).not.toHaveProperty('language');
    expect(res.body).not.toHaveProperty('consentVersion');
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, res.body.id));
    expect(row).toMatchObject({ licensePlate: 'ABC123', licensePlateState: 'TX', consentLanguage: 'es' });
  });

  it('keeps where the profile was given: the device’s zone and page, the client address and user agent', async () => {
    const issued = await t.issue();
    const email = `evidence-${driver}@example.com`;
    const res = await t.call('POST', '/api/customers', {
      json: { ...validCustomer(issued.registration.id, { email }), timeZone: 'America/Chicago', page: '/' },
      // One proxy hop is trusted (TRUST_PROXY=true): the address it appended is the client's, the one before it
      // was written by the client and proves nothing.
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone)', 'x-forwarded-for': '198.51.100.4, ::ffff:203.0.113.9' },
    });
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('timeZone');
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, res.body.id));
    expect(row).toMatchObject({
      consentTimeZone: 'America/Chicago',
      consentPage: '/',
      consentClientAddress: '203.0.113.9',
      consentUserAgent: 'Mozilla/5.0 (iPhone)',
    });

    const evidence = {
      givenAt: row!.termsAgreedAt.toISOString(),
      timeZone: 'America/Chicago',
      localTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-0[56]:00$/),
      clientAddress: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (iPhone)',
      page: '/',
    };
    expect((await findMember(t.database.db, 'all', res.body.id))?.consentEvidence).toEqual(evidence);
    expect((await exportMember(t.database.db, email))?.customers[0]?.consentEvidence).toEqual(evidence);
    // The operator's other systems get the consents, not the client's address or browser.
    const completed = (
      await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'registration.completed'))
    ).find((event) => event.body.includes(res.body.id));
    expect(completed?.body).toContain('"consent"');
    expect(completed!.body).not.toMatch(/203\.0\.113\.9|iPhone|America\/Chicago/);
  });

  it('keeps evidence the device reported malformed as not reported, a long user agent cut, and stores the profile', async () => {
    const issued = await t.issue();
    const res = await t.call('POST', '/api/customers', {
      json: { ...validCustomer(issued.registration.id), timeZone: 'Mars/Olympus', page: '/?id=CODE' },
      // A user agent is kept to its first 512 characters.
      headers: { 'user-agent': `Mozilla/5.0 ${'x'.repeat(600)}` },
    });
    expect(res.status).toBe(201);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, res.body.id));
    expect(row).toMatchObject({ consentTimeZone: null, consentPage: null, consentClientAddress: null });
    expect(row!.consentUserAgent).toBe(`Mozilla/5.0 ${'x'.repeat(500)}`);
  });

  it('stores no plate and English when the body has neither', async () => {
    const issued = await t.issue();
    const res = await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) });
    expect(res.body).toMatchObject({ licensePlate: '', licensePlateState: '' });
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, res.body.id));
    expect(row).toMatchObject({ licensePlate: '', licensePlateState: '', consentLanguage: 'en' });
  });

  it('answers a stable code beside each English message, for clients that word them themselves', async () => {
    const issued = await t.issue();
    const res = await t.call('POST', '/api/customers', {
      json: validCustomer(issued.registration.id, {
        firstName: '',
        lastName: 'x'.repeat(51),
        email: 'not-an-email',
        licensePlate: 'AB$1',
        language: 'fr' as 'es',
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toMatchObject({
      firstName: 'First Name is required',
      lastName: 'Last Name must be at most 50 characters',
      email: 'Invalid Email',
      licensePlate: 'Enter 2 to 8 letters and digits',
      language: expect.any(String),
    });
    // A message with no code of ours (valibot's own, for a value no form sends) has none.
    expect(res.body.error.codes).toEqual({
      firstName: 'firstName',
      lastName: 'tooLong',
      email: 'emailInvalid',
      licensePlate: 'licensePlateFormat',
    });
  });

  it('answers 409 for a used code and writes nothing', async () => {
    const issued = await t.issue();
    await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) });
    const before = await customerCount();
    const again = await t.call('POST', '/api/customers', {
      json: validCustomer(issued.registration.id, { firstName: 'Someone' }),
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('registration_unavailable');
    expect(await customerCount()).toBe(before);
  });

  it('answers 409 for an unknown or expired registration and writes nothing', async () => {
    const before = await customerCount();
    const unknown = await t.call('POST', '/api/customers', { json: validCustomer('no-such-registration') });
    expect(unknown.status).toBe(409);

    const issued = await t.issue();
    await t.database.db
      .update(registrations)
      // Issued a week ago, expired a second ago: an expiry before its creation cannot happen.
      .set({ createdAt: new Date(Date.now() - 7 * 86_400_000), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrations.id, issued.registration.id));
    const expired = await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) });
    expect(expired.status).toBe(409);
    expect((await registrationOf(issued.registration.id)).isCompleted).toBe(false);
    expect(await customerCount()).toBe(before);
  });

  it('answers 400 with the spec messages per field and writes nothing', async () => {
    const issued = await t.issue();
    const before = await customerCount();
    const res = await t.call('POST', '/api/customers', {
      json: {
        ...validCustomer(issued.registration.id),
        firstName: '',
        email: 'not-an-email',
        region: 'PR',
        vehicleColor: null,
        isAgreedToTerms: false,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.issues).toEqual({
      firstName: 'First Name is required',
      email: 'Invalid Email',
      region: 'State is required',
      vehicleColor: 'Vehicle Color is required',
      isAgreedToTerms: 'You must agree to the terms and conditions.',
    });
    expect(await customerCount()).toBe(before);
    expect((await registrationOf(issued.registration.id)).isCompleted).toBe(false);
  });

  it('refuses values beyond the maximum lengths and a zip code that is not a US one', async () => {
    const issued = await t.issue();
    const res = await t.call('POST', '/api/customers', {
      json: validCustomer(issued.registration.id, { lastName: 'x'.repeat(51), postalCode: 'SW1A 1AA' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toEqual({
      lastName: 'Last Name must be at most 50 characters',
      postalCode: 'Enter a 5-digit Zip code (or ZIP+4)',
    });
  });

  it('exactly one of 30 concurrent submits on one code succeeds', async () => {
    const issued = await t.issue();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id, { firstName: `Racer${i}` }) }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    const rows = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.registrationId, issued.registration.id));
    expect(rows).toHaveLength(1);
  });

  it('replays the first answer to a retry with the same Idempotency-Key', async () => {
    const issued = await t.issue();
    const json = validCustomer(issued.registration.id);
    const headers = { 'idempotency-key': `submit-${issued.registration.id}` };
    const first = await t.call('POST', '/api/customers', { json, headers });
    const retry = await t.call('POST', '/api/customers', { json, headers });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const rows = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.registrationId, issued.registration.id));
    expect(rows).toHaveLength(1);
  });

  it('answers concurrent retries with one key with one write and the same answer', async () => {
    const issued = await t.issue();
    const json = validCustomer(issued.registration.id);
    const headers = { 'idempotency-key': `burst-${issued.registration.id}` };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.call('POST', '/api/customers', { json, headers })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
  });

  it('refuses a key reused for a different body', async () => {
    const issued = await t.issue();
    const headers = { 'idempotency-key': `reuse-${issued.registration.id}` };
    await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id), headers });
    const other = await t.call('POST', '/api/customers', {
      json: validCustomer(issued.registration.id, { firstName: 'Other' }),
      headers,
    });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
  });

  it('lets a retry run afresh after a refused attempt with the same key', async () => {
    const issued = await t.issue();
    const headers = { 'idempotency-key': `after-refusal-${issued.registration.id}` };
    const refused = await t.call('POST', '/api/customers', { json: validCustomer('missing'), headers });
    expect(refused.status).toBe(409);
    const again = await t.call('POST', '/api/customers', { json: validCustomer('missing'), headers });
    expect(again.status).toBe(409);
  });

  it('refuses a plate without its state', async () => {
    const issued = await t.issue();
    const res = await t.call('POST', '/api/customers', {
      json: validCustomer(issued.registration.id, { licensePlate: 'ABC123' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toEqual({ licensePlateState: 'Plate State is required' });
    expect(res.body.error.codes).toEqual({ licensePlateState: 'licensePlateState' });
  });

  describe('manual sign-up (registrationId "-1")', () => {
    it('creates a closed manual registration with the number the customer typed', async () => {
      const res = await t.call('POST', '/api/customers', {
        json: validCustomer('-1', { mobileNumber: '+14155550123' }),
      });
      expect(res.status).toBe(201);
      const registration = await registrationOf(res.body.registrationId);
      expect(registration).toMatchObject({
        mobileNumber: '+14155550123',
        isManual: true,
        isCompleted: true,
        planName: '',
        amountCents: 0,
        tokenHash: null,
        customerId: res.body.id,
      });
    });

    it('requires a valid mobile number', async () => {
      const before = await customerCount();
      const missing = await t.call('POST', '/api/customers', { json: validCustomer('-1') });
      expect(missing.status).toBe(400);
      expect(missing.body.error.issues).toEqual({ mobileNumber: 'Enter a valid mobile number' });
      const invalid = await t.call('POST', '/api/customers', { json: validCustomer('-1', { mobileNumber: '+1 555' }) });
      expect(invalid.status).toBe(400);
      // E.164 in shape, but no such number: the server's libphonenumber check refuses it.
      const unreal = await t.call('POST', '/api/customers', {
        json: validCustomer('-1', { mobileNumber: '+10005550123' }),
      });
      expect(unreal.status).toBe(400);
      expect(unreal.body.error.issues).toEqual({ mobileNumber: 'Enter a valid mobile number' });
      expect(await customerCount()).toBe(before);
    });
  });
});

describe.each(EMBEDDED_ONLY)('POST /api/customers with REQUIRE_LICENSE_PLATE=true on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { REQUIRE_LICENSE_PLATE: 'true' });
  });
  afterAll(() => t.close());

  it('refuses a profile without a plate and its state, and writes nothing', async () => {
    const issued = await t.issue();
    const res = await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) });
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toEqual({
      licensePlate: 'License Plate is required',
      licensePlateState: 'Plate State is required',
    });
    expect(res.body.error.codes).toEqual({ licensePlate: 'licensePlate', licensePlateState: 'licensePlateState' });
    const rows = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.registrationId, issued.registration.id));
    expect(rows).toHaveLength(0);
  });

  it('takes one with both', async () => {
    const issued = await t.issue();
    const res = await t.call('POST', '/api/customers', {
      json: validCustomer(issued.registration.id, { licensePlate: '7xyz-890', licensePlateState: 'CA' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ licensePlate: '7XYZ890', licensePlateState: 'CA' });
  });
});
