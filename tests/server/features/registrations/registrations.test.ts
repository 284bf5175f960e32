import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSchema } from '../../../../src/domain/customer';
import { MANUAL_REGISTRATION_ID } from '../../../../src/domain/registration-defaults';
import type { NewRegistration } from '../../../../src/domain/registration';
import { completeProfile } from '../../../../server/features/customers/complete-profile';
import type { Database } from '../../../../server/platform/db/client';
import {
  auditEvents,
  customers,
  outboxEvents,
  registrations,
  smsMessages,
  staff,
} from '../../../../server/platform/db/schema';
import { hashToken } from '../../../../server/platform/values/tokens';
import { claimRegistration } from '../../../../server/features/registrations/claim-registration';
import { findRegistration } from '../../../../server/features/registrations/find-registration';
import { issueRegistration, saleNumber } from '../../../../server/features/registrations/issue-registration';
import { registrationProgress } from '../../../../server/features/registrations/registration-progress';
import { validCustomer } from '../../../fixtures/customer';
import { EMBEDDED_ONLY, openTestDatabase } from '../../helpers/test-database';

const SALE: NewRegistration = {
  mobileNumber: '+12015550143',
  planName: 'Unlimited Wash Club',
  amount: 29.99,
  rechargeDate: '2026-12-15',
  siteId: '7',
  sourceSystem: 'till',
  isReturningCustomer: false,
};
const NOW = new Date('2026-06-01T12:00:00.000Z');
const OPTIONS = { publicUrl: 'https://club.example', tokenTtlDays: 30, now: NOW };

describe.each(EMBEDDED_ONLY)('registration codes on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(() => database.close());

  const issue = (sale: Partial<NewRegistration> = {}, options: Partial<Parameters<typeof issueRegistration>[2]> = {}) =>
    issueRegistration(database.db, { ...SALE, ...sale }, { ...OPTIONS, ...options });
  const complete = (registrationId: string, overrides = {}, now = NOW) =>
    database.db.transaction((tx) =>
      completeProfile(tx, v.parse(customerSchema, validCustomer(registrationId, overrides)), now),
    );
  const row = async (id: string) =>
    (await database.db.select().from(registrations).where(eq(registrations.id, id)))[0]!;
  const eventsOf = async (type: string) =>
    (await database.db.select().from(outboxEvents).where(eq(outboxEvents.type, type))).map(
      (event) => JSON.parse(event.body) as { data: Record<string, unknown> },
    );

  describe('issuing', () => {
    it('stores the sale under the hash of a fresh code, with its expiry and event, and answers the link', async () => {
      const issued = await issue({ saleDate: '2026-05-31T09:30:00.000Z', amount: 10.005 });
      expect(issued.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(issued.url).toBe(`https://club.example/?id=${issued.token}`);
      expect(issued.sms).toBeUndefined();
      expect(issued).not.toHaveProperty('sms');
      expect(issued.registration).toEqual({
        id: expect.any(String) as string,
        amount: 10.01,
        isCompleted: false,
        mobileNumber: '+12015550143',
        planName: 'Unlimited Wash Club',
        rechargeDate: '2026-12-15',
        saleDate: '2026-05-31T09:30:00.000Z',
        siteId: '7',
        sourceSystem: 'till',
        token: issued.token,
        customerId: null,
        isReturningCustomer: false,
      });
      const stored = await row(issued.registration.id);
      expect(stored).toMatchObject({
        tokenHash: hashToken(issued.token),
        amountCents: 1001,
        expiresAt: new Date('2026-07-01T12:00:00.000Z'),
        issuedByKeyId: null,
        prefillCustomerId: null,
      });
      const [event] = (await eventsOf('registration.issued')).filter(
        (body) => (body.data.registration as { id: string }).id === issued.registration.id,
      );
      expect(event).toBeDefined();
      // Issued without an issuer (the server's own codes): nothing audited.
      expect(await database.db.select().from(auditEvents)).toEqual([]);
    });

    it('dates the sale now when the till gives no date, and reads a national number in the operator country', async () => {
      const issued = await issue({ mobileNumber: '(201) 555-0199' }, { defaultPhoneCountry: 'US' });
      expect(issued.registration).toMatchObject({ mobileNumber: '+12015550199', saleDate: NOW.toISOString() });
      expect(() => saleNumber({ mobileNumber: '(201) 555-0199' }, undefined)).toThrow();
      await expect(issue({ mobileNumber: 'not a number' })).rejects.toMatchObject({
        status: 400,
        issues: { mobileNumber: expect.any(String) as string },
      });
    });

    it('refuses a text when no SMS provider is set, and queues one when there is', async () => {
      await expect(issue({ send: 'sms' })).rejects.toMatchObject({
        status: 422,
        code: 'sms_unavailable',
        message: 'Text messages are not set up on this server (SMS_PROVIDER).',
      });
      const texted = await issue({ send: 'sms' }, { smsEnabled: true });
      expect(texted.sms).toMatchObject({ status: 'queued' });
      const [message] = await database.db
        .select()
        .from(smsMessages)
        .where(and(eq(smsMessages.registrationId, texted.registration.id), eq(smsMessages.kind, 'code')));
      expect(message!.linkToken).toBe(texted.token);
    });

    it("audits the issuer's code and ties a returning member's code to the last profile they may see", async () => {
      const staffActor = { kind: 'staff' as const, id: 'manager-1' };
      await database.db
        .insert(staff)
        .values({ id: 'manager-1', email: 'manager-1@wash.example', role: 'manager', sites: ['7'] })
        .onConflictDoNothing();
      const first = await issue({ mobileNumber: '+12015550150' });
      await complete(first.registration.id, { firstName: 'First' }, new Date('2026-01-01T00:00:00Z'));
      const second = await issue({ mobileNumber: '+12015550150' });
      const latest = await complete(second.registration.id, { firstName: 'Latest' }, new Date('2026-02-01T00:00:00Z'));
      const elsewhere = await issue({ mobileNumber: '+12015550150', siteId: '9' });
      await complete(elsewhere.registration.id, { firstName: 'Elsewhere' }, new Date('2026-03-01T00:00:00Z'));
      await database.db.delete(auditEvents);

      const returning = await issue(
        { mobileNumber: '+12015550150', isReturningCustomer: true },
        { issuer: { actor: staffActor, sites: ['7'], keyId: 'key-9', client: '203.0.113.5' } },
      );
      expect((await row(returning.registration.id)).prefillCustomerId).toBe(latest.id);
      expect((await row(returning.registration.id)).issuedByKeyId).toBe('key-9');
      const audit = await database.db.select().from(auditEvents);
      expect(
        audit
          .map(({ action, subjectId, actorKind, actorId, client }) => ({
            action,
            subjectId,
            actorKind,
            actorId,
            client,
          }))
          .sort((a, b) => a.action.localeCompare(b.action)),
      ).toEqual([
        {
          action: 'code_issued',
          subjectId: returning.registration.id,
          actorKind: 'staff',
          actorId: 'manager-1',
          client: '203.0.113.5',
        },
        {
          action: 'member_prefilled',
          subjectId: latest.id,
          actorKind: 'staff',
          actorId: 'manager-1',
          client: '203.0.113.5',
        },
      ]);

      // Without an issuer, every site: the newest profile wins.
      const anySite = await issue({ mobileNumber: '+12015550150', isReturningCustomer: true });
      expect((await row(anySite.registration.id)).prefillCustomerId).not.toBe(latest.id);
      // Not a returning customer: nothing pre-filled.
      const fresh = await issue({ mobileNumber: '+12015550150' }, { issuer: { actor: { kind: 'cli' }, sites: 'all' } });
      expect((await row(fresh.registration.id)).prefillCustomerId).toBeNull();
      const freshAudit = await database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.subjectId, fresh.registration.id));
      expect(freshAudit).toHaveLength(1);
      expect(freshAudit[0]).toMatchObject({ actorKind: 'cli', actorId: null, client: null });
      // No profile at the sites the issuer sees: nothing pre-filled, nothing disclosed.
      await database.db.delete(auditEvents);
      const none = await issue(
        { mobileNumber: '+12015550150', isReturningCustomer: true },
        { issuer: { actor: staffActor, sites: ['8'] } },
      );
      expect((await row(none.registration.id)).prefillCustomerId).toBeNull();
      expect((await database.db.select().from(auditEvents)).map((event) => event.action)).toEqual(['code_issued']);
    });

    it('never pre-fills from a manual sign-up', async () => {
      const manual = await database.db.transaction((tx) =>
        completeProfile(
          tx,
          v.parse(customerSchema, validCustomer(MANUAL_REGISTRATION_ID, { mobileNumber: '+12015550160' })),
          NOW,
        ),
      );
      expect(manual.registrationId).not.toBe(MANUAL_REGISTRATION_ID);
      const returning = await issue({ mobileNumber: '+12015550160', isReturningCustomer: true });
      expect((await row(returning.registration.id)).prefillCustomerId).toBeNull();
    });
  });

  describe('looking a code up', () => {
    it('answers the registration, notes the first opening only, and a returning member their profile', async () => {
      const first = await issue({ mobileNumber: '+12015550170' });
      await complete(first.registration.id, {
        firstName: 'Prefilled',
        licensePlate: 'ABC123',
        licensePlateState: 'IL',
      });
      const code = await issue({ mobileNumber: '+12015550170', isReturningCustomer: true });
      const opened = new Date('2026-06-02T00:00:00.000Z');
      const found = (await findRegistration(database.db, code.token, opened))!;
      expect(found).toMatchObject({ id: code.registration.id, token: code.token, isReturningCustomer: true });
      expect(found.profile).toMatchObject({
        firstName: 'Prefilled',
        licensePlate: 'ABC123',
        email: 'dana.whitfield@example.com',
      });
      expect(found.profile).not.toHaveProperty('id');
      expect((await row(code.registration.id)).openedAt).toEqual(opened);
      await findRegistration(database.db, code.token, new Date('2026-06-03T00:00:00.000Z'));
      expect((await row(code.registration.id)).openedAt).toEqual(opened);
    });

    it('answers nothing for an unknown, malformed or expired code, and a completed one even after expiry, masked', async () => {
      expect(await findRegistration(database.db, 'x'.repeat(32), NOW)).toBeUndefined();
      expect(await findRegistration(database.db, 'short', NOW)).toBeUndefined();
      const code = await issue({ mobileNumber: '+12015550180' });
      const expiry = new Date('2026-07-01T12:00:00.000Z');
      expect(await findRegistration(database.db, code.token, expiry)).toBeUndefined();
      expect(await findRegistration(database.db, code.token, new Date(expiry.getTime() - 1))).toBeDefined();
      await complete(code.registration.id);
      const completed = (await findRegistration(database.db, code.token, new Date('2027-01-01T00:00:00Z')))!;
      expect(completed).toMatchObject({
        isCompleted: true,
        mobileNumber: expect.not.stringContaining('5550180') as string,
      });
      expect(completed.profile).toBeUndefined();
      expect(completed.customerId).not.toBeNull();
      await database.db
        .update(registrations)
        .set({ expiresAt: null })
        .where(eq(registrations.id, code.registration.id));
      const noExpiry = await issue({ mobileNumber: '+12015550181' });
      await database.db
        .update(registrations)
        .set({ expiresAt: null })
        .where(eq(registrations.id, noExpiry.registration.id));
      expect(await findRegistration(database.db, noExpiry.token, new Date('2030-01-01T00:00:00Z'))).toBeDefined();
    });

    it('does not pre-fill a completed returning code', async () => {
      const first = await issue({ mobileNumber: '+12015550190' });
      await complete(first.registration.id);
      const code = await issue({ mobileNumber: '+12015550190', isReturningCustomer: true });
      await complete(code.registration.id);
      expect((await findRegistration(database.db, code.token, NOW))?.profile).toBeUndefined();
    });
  });

  describe('claiming a code', () => {
    const claim = (registrationId: string, mobileNumber?: string, now = NOW) =>
      database.db.transaction((tx) => claimRegistration(tx, { registrationId, mobileNumber }, now));
    const UNAVAILABLE = {
      status: 409,
      code: 'registration_unavailable',
      message: 'This registration code is invalid or has already been used.',
    };

    it('closes an open code once; a used, expired, unknown or manual one is refused', async () => {
      const code = await issue({ mobileNumber: '+12015550200' });
      expect(await claim(code.registration.id)).toEqual({ id: code.registration.id, mobileNumber: '+12015550200' });
      expect(await row(code.registration.id)).toMatchObject({ isCompleted: true, completedAt: NOW });
      await expect(claim(code.registration.id)).rejects.toMatchObject(UNAVAILABLE);
      await expect(claim('no-such-registration')).rejects.toMatchObject(UNAVAILABLE);
      const expired = await issue();
      await expect(
        claim(expired.registration.id, undefined, new Date('2026-07-01T12:00:00.000Z')),
      ).rejects.toMatchObject(UNAVAILABLE);
      expect(await claim(expired.registration.id, undefined, new Date('2026-07-01T11:59:59.999Z'))).toMatchObject({
        id: expired.registration.id,
      });
      const open = await issue();
      await database.db
        .update(registrations)
        .set({ expiresAt: null })
        .where(eq(registrations.id, open.registration.id));
      expect(await claim(open.registration.id, undefined, new Date('2031-01-01T00:00:00Z'))).toMatchObject({
        id: open.registration.id,
      });
      const manual = await claim(MANUAL_REGISTRATION_ID, '+12015550201');
      await database.db.update(registrations).set({ isCompleted: false }).where(eq(registrations.id, manual.id));
      await expect(claim(manual.id)).rejects.toMatchObject(UNAVAILABLE);
    });

    it('opens and closes a manual registration for the number typed, and refuses a bad number', async () => {
      const manual = await claim(MANUAL_REGISTRATION_ID, '+12015550210');
      expect(manual.mobileNumber).toBe('+12015550210');
      expect(await row(manual.id)).toMatchObject({
        mobileNumber: '+12015550210',
        saleDate: NOW,
        sourceSystem: 'manual',
        isManual: true,
        isCompleted: true,
        completedAt: NOW,
        tokenHash: null,
      });
      const refused = { status: 400, issues: { mobileNumber: expect.any(String) as string } };
      await expect(claim(MANUAL_REGISTRATION_ID, 'nonsense')).rejects.toMatchObject(refused);
      await expect(claim(MANUAL_REGISTRATION_ID)).rejects.toMatchObject(refused);
    });
  });

  describe('completing a profile', () => {
    it('stores the profile with consent evidence, closes the code and records the event', async () => {
      const code = await issue({ mobileNumber: '+12015550220' });
      const customer = await database.db.transaction((tx) =>
        completeProfile(
          tx,
          v.parse(customerSchema, {
            ...validCustomer(code.registration.id, {
              isSubscribedToNewsletters: false,
              isSubscribedToSmsMessaging: true,
            }),
            consentVersion: 'v7',
            language: 'es',
          }),
          NOW,
        ),
      );
      expect(customer).toEqual({
        ...validCustomer(code.registration.id, { isSubscribedToNewsletters: false, isSubscribedToSmsMessaging: true }),
        id: customer.id,
        licensePlate: '',
        licensePlateState: '',
      });
      const [stored] = await database.db.select().from(customers).where(eq(customers.id, customer.id));
      expect(stored).toMatchObject({
        registrationId: code.registration.id,
        mobileNumber: '+12015550220',
        newsletterConsentAt: null,
        smsConsentAt: NOW,
        consentVersion: 'v7',
        consentLanguage: 'es',
        isAgreedToTerms: true,
        termsAgreedAt: NOW,
      });
      expect(await row(code.registration.id)).toMatchObject({ customerId: customer.id, isCompleted: true });
      const completed = (await eventsOf('registration.completed')).find(
        (body) => (body.data.customer as { id: string }).id === customer.id,
      )!;
      expect(completed.data).toMatchObject({
        registration: { id: code.registration.id, customerId: customer.id },
        consent: {
          version: 'v7',
          language: 'es',
          smsMessaging: { agreed: true, at: NOW.toISOString() },
          newsletters: { agreed: false, at: null },
        },
      });

      const both = await issue({ mobileNumber: '+12015550221' });
      await complete(both.registration.id, { isSubscribedToNewsletters: true, isSubscribedToSmsMessaging: false });
      const [other] = await database.db
        .select()
        .from(customers)
        .where(eq(customers.registrationId, both.registration.id));
      expect(other).toMatchObject({ newsletterConsentAt: NOW, smsConsentAt: null, consentLanguage: 'en' });
    });

    it('writes nothing when the code is refused', async () => {
      const before = (await database.db.select().from(customers)).length;
      await expect(complete('no-such-registration')).rejects.toMatchObject({ status: 409 });
      expect(await database.db.select().from(customers)).toHaveLength(before);
    });
  });

  describe("a registration's progress", () => {
    it('answers the progress to whoever may see it, and null to another site or another key', async () => {
      const code = await issue(
        { mobileNumber: '+12015550230' },
        { issuer: { actor: { kind: 'key', id: 'k1' }, sites: 'all', keyId: 'k1' } },
      );
      const opened = new Date('2026-06-01T13:00:00.000Z');
      await findRegistration(database.db, code.token, opened);
      expect(await registrationProgress(database.db, { sites: 'all' }, code.registration.id)).toEqual({
        id: code.registration.id,
        siteId: '7',
        planName: 'Unlimited Wash Club',
        issuedAt: expect.stringMatching(/Z$/) as string,
        openedAt: '2026-06-01T13:00:00.000Z',
        completedAt: null,
        customerId: null,
        sms: null,
      });
      expect(
        await registrationProgress(database.db, { sites: ['7'], issuedByKeyId: 'k1' }, code.registration.id),
      ).not.toBeNull();
      expect(await registrationProgress(database.db, { sites: ['9'] }, code.registration.id)).toBeNull();
      expect(
        await registrationProgress(database.db, { sites: 'all', issuedByKeyId: 'k2' }, code.registration.id),
      ).toBeNull();
      const customer = await complete(code.registration.id);
      expect(await registrationProgress(database.db, { sites: 'all' }, code.registration.id)).toMatchObject({
        completedAt: NOW.toISOString(),
        customerId: customer.id,
      });
      const manual = await database.db.transaction((tx) =>
        claimRegistration(tx, { registrationId: MANUAL_REGISTRATION_ID, mobileNumber: '+12015550231' }, NOW),
      );
      expect(await registrationProgress(database.db, { sites: 'all' }, manual.id)).toBeNull();
    });
  });
});
