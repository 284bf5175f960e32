import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  consentEvidenceView,
  consentEvidenceViewSchema,
  consentView,
  consentViewSchema,
  customerView,
  customerViewSchema,
  vehicleView,
  vehicleViewSchema,
} from '../../../src/domain/customer-views';

const stored = {
  id: 'c-1',
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana@example.com',
  mobileNumber: '+12015550143',
  address: '12 Elm St',
  address2: 'Apt 4',
  city: 'Newark',
  region: 'NJ',
  postalCode: '07102',
  vehicleYear: 2021,
  vehicleMake: 'Honda',
  vehicleModel: 'Civic',
  vehicleColor: 'Blue',
  licensePlate: 'ABC123',
  licensePlateState: 'NJ',
};

describe("a member's views, made from the stored columns", () => {
  it('names the customer and their address as the webhook does', () => {
    const view = customerView(stored);
    expect(view).toEqual({
      id: 'c-1',
      firstName: 'Dana',
      lastName: 'Reyes',
      email: 'dana@example.com',
      mobileNumber: '+12015550143',
      address: { line1: '12 Elm St', line2: 'Apt 4', city: 'Newark', region: 'NJ', postalCode: '07102' },
    });
    expect(v.is(customerViewSchema, view)).toBe(true);
  });

  it('names the vehicle as the webhook does', () => {
    const view = vehicleView(stored);
    expect(view).toEqual({
      year: 2021,
      make: 'Honda',
      model: 'Civic',
      color: 'Blue',
      licensePlate: 'ABC123',
      licensePlateState: 'NJ',
    });
    expect(v.is(vehicleViewSchema, view)).toBe(true);
  });

  it('gives the consent evidence with each time as ISO text', () => {
    const view = consentView({
      consentVersion: '2026-01',
      consentLanguage: 'es',
      isAgreedToTerms: true,
      termsAgreedAt: new Date('2026-11-20T15:04:05.000Z'),
      isSubscribedToNewsletters: true,
      newsletterConsentAt: new Date('2026-11-20T15:04:06.000Z'),
      isSubscribedToSmsMessaging: false,
      smsConsentAt: null,
    });
    expect(view).toEqual({
      version: '2026-01',
      language: 'es',
      terms: { agreed: true, at: '2026-11-20T15:04:05.000Z' },
      newsletters: { agreed: true, at: '2026-11-20T15:04:06.000Z' },
      smsMessaging: { agreed: false, at: null },
    });
    expect(v.is(consentViewSchema, view)).toBe(true);
  });

  it('gives null for a consent that was not given, and the time of one that was', () => {
    expect(
      consentView({
        consentVersion: '1',
        consentLanguage: 'en',
        isAgreedToTerms: true,
        termsAgreedAt: new Date('2026-01-02T03:04:05.006Z'),
        isSubscribedToNewsletters: false,
        newsletterConsentAt: null,
        isSubscribedToSmsMessaging: true,
        smsConsentAt: new Date('2026-01-02T03:04:07.000Z'),
      }),
    ).toMatchObject({ newsletters: { agreed: false, at: null }, smsMessaging: { at: '2026-01-02T03:04:07.000Z' } });
  });

  it('gives where the profile was given, on the member’s clock when their device reported its zone', () => {
    const evidence = {
      termsAgreedAt: new Date('2026-03-08T16:30:00.000Z'),
      consentTimeZone: 'America/New_York',
      consentClientAddress: '203.0.113.9',
      consentUserAgent: 'Mozilla/5.0',
      consentPage: '/',
    };
    const view = consentEvidenceView(evidence);
    expect(view).toEqual({
      givenAt: '2026-03-08T16:30:00.000Z',
      timeZone: 'America/New_York',
      // The day New York's clocks went forward: daylight time by the afternoon.
      localTime: '2026-03-08T12:30:00-04:00',
      clientAddress: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
      page: '/',
    });
    expect(v.is(consentEvidenceViewSchema, view)).toBe(true);
    const before = { ...evidence, consentTimeZone: null, consentClientAddress: null, consentUserAgent: null };
    expect(consentEvidenceView({ ...before, consentPage: null })).toEqual({
      givenAt: '2026-03-08T16:30:00.000Z',
      timeZone: null,
      localTime: null,
      clientAddress: null,
      userAgent: null,
      page: null,
    });
  });
});
