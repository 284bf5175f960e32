import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/platform/db/client';
import type { Env } from '../../../../server/env';
import { ApiError } from '../../../../server/platform/http/api-error';
import { createThrottles, type Throttles } from '../../../../server/platform/limits/throttles';

/** Distinct small budgets, so each throttle's is its own. */
const LIMITS: Env['limits'] = {
  lookupMissesPerMinute: 2,
  manualSignupsPerHour: 3,
  manualSignupCasesPerHour: 2,
  surveysPerHour: 4,
  surveysPerCustomerPerDay: 1,
  adminKeyFailuresPerHour: 2,
  signInFailuresPerEmailPerHour: 3,
  signInFailuresPerEmailPer15Minutes: 4,
  signInFailuresPerHour: 5,
  passwordChangeFailuresPerHour: 2,
  codesPerIssuerPerHour: 3,
  visitsPerIssuerPerHour: 6,
  returningCodesPerIssuerPerHour: 4,
  textsPerNumberPerDay: 1,
  textsPerIssuerPerHour: 2,
  smsRepliesPerNumberPerDay: 5,
};

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** Each throttle: its budget, its window in seconds (what Retry-After says when it is fresh), and its message. */
const EXPECTED: Record<keyof Throttles, [number, number, string]> = {
  lookupMisses: [2, MINUTE, 'Too many unknown registration codes. Try again in a minute.'],
  manualSignups: [3, HOUR, 'Too many sign-ups from this network. Try again later.'],
  manualSignupCases: [2, HOUR, 'Too many follow-up cases from sign-ups without a code on this network.'],
  surveysByClient: [4, HOUR, 'Too many surveys from this network. Try again later.'],
  surveysByCustomer: [1, DAY, 'We already have your feedback for today. Thank you!'],
  adminKeyFailures: [2, HOUR, 'Too many failed sign-ins from this address. Try again later.'],
  signInFailuresByEmailAndClient: [
    3,
    HOUR,
    'Too many failed sign-ins for this account from this address. Try again later.',
  ],
  signInFailuresByEmail: [4, 15 * MINUTE, 'Too many failed sign-ins for this account. Try again in a few minutes.'],
  signInFailuresByClient: [5, HOUR, 'Too many failed sign-ins from this address. Try again later.'],
  passwordChangeFailures: [2, HOUR, 'Too many wrong current passwords. Try again later.'],
  codesByIssuer: [3, HOUR, 'Too many registration codes issued in the last hour. Try again later.'],
  visitsByIssuer: [6, HOUR, 'Too many visits recorded in the last hour. Try again later.'],
  returningCodesByIssuer: [4, HOUR, 'Too many returning-member codes issued in the last hour. Try again later.'],
  textsByNumber: [
    1,
    DAY,
    'This number has had as many texts as it may today. Show the customer the link or QR code instead.',
  ],
  textsByIssuer: [2, HOUR, 'Too many texts sent in the last hour. Show the customer the link or QR code instead.'],
  smsRepliesByNumber: [5, DAY, 'This number has had as many replies as it may today.'],
};

/** The part of Hono's context a throttle writes: the Retry-After header. */
function fakeContext() {
  const headers = new Map<string, string>();
  const context = { header: (name: string, value: string) => headers.set(name, value) } as unknown as Context;
  return { context, headers };
}

describe('the API throttles, counting in memory', () => {
  it.each(Object.entries(EXPECTED))(
    '%s allows its budget, then refuses with its message and window',
    async (name, [points, seconds, message]) => {
      const throttle = createThrottles({ kind: 'memory' }, LIMITS)[name as keyof Throttles];
      const { context, headers } = fakeContext();
      for (let i = 0; i < points; i += 1) await throttle.take(context, 'client-1');
      const refused = await throttle.take(context, 'client-1').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ status: 429, code: 'rate_limited', message });
      expect(headers.get('Retry-After')).toBe(String(seconds));
      // Another key has its own budget.
      await expect(throttle.take(context, 'client-2')).resolves.toBeUndefined();
    },
  );

  it('spends a budget without refusing: true while within it, then false, each key on its own', async () => {
    const throttle = createThrottles({ kind: 'memory' }, LIMITS).manualSignupCases;
    const spent = [];
    for (let i = 0; i < 3; i += 1) spent.push(await throttle.spend('client-1'));
    expect(spent).toEqual([true, true, false]);
    expect(await throttle.spend('client-2')).toBe(true);
  });

  it('lists exactly these throttles', () => {
    expect(Object.keys(createThrottles({ kind: 'memory' }, LIMITS)).sort()).toEqual(Object.keys(EXPECTED).sort());
  });
});

describe('the API throttles, counting in a shared store', () => {
  it('counts each throttle under its own name, so two never share a budget', async () => {
    const keys: string[] = [];
    // A database that records the key of each count, then fails: only the keys matter here.
    const recording = {
      insert: () => ({
        values: (row: { key: string }) => {
          keys.push(row.key);
          throw new Error('not stored');
        },
      }),
    } as unknown as Database['db'];
    const throttles = createThrottles({ kind: 'database', db: recording }, LIMITS);
    const { context } = fakeContext();
    for (const throttle of Object.values(throttles)) await expect(throttle.take(context, 'k')).rejects.toThrow();
    // Each key is stored as its hash (throttle.test.ts): the name in front is what keeps budgets apart.
    expect(keys.map((key) => key.replace(/:[\w-]{43}$/, ':k'))).toEqual([
      'lookup-misses:k',
      'manual-signups:k',
      'manual-signup-cases:k',
      'surveys-by-client:k',
      'surveys-by-customer:k',
      'admin-key-failures:k',
      'sign-in-failures-by-email-and-client:k',
      'sign-in-failures-by-email:k',
      'sign-in-failures-by-client:k',
      'password-change-failures:k',
      'codes-by-issuer:k',
      'returning-codes-by-issuer:k',
      'visits-by-issuer:k',
      'texts-by-number:k',
      'sms-replies-by-number:k',
      'texts-by-issuer:k',
    ]);
  });
});
