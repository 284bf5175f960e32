import type { Env } from '../env';
import type { LimitStore } from './limit-store';
import { Throttle } from './throttle';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Every throttle of the API, with the budgets of `env.limits` (see the README's configuration table). */
export function createThrottles(store: LimitStore, limits: Env['limits']) {
  return {
    /** Unknown registration codes per client; a known code always answers. */
    lookupMisses: new Throttle(store, {
      name: 'lookup-misses',
      points: limits.lookupMissesPerMinute,
      seconds: MINUTE,
      message: 'Too many unknown registration codes. Try again in a minute.',
    }),
    /** Sign-ups without a code per client: each one is unverified. */
    manualSignups: new Throttle(store, {
      name: 'manual-signups',
      points: limits.manualSignupsPerHour,
      seconds: HOUR,
      message: 'Too many sign-ups from this network. Try again later.',
    }),
    surveysByClient: new Throttle(store, {
      name: 'surveys-by-client',
      points: limits.surveysPerHour,
      seconds: HOUR,
      message: 'Too many surveys from this network. Try again later.',
    }),
    surveysByCustomer: new Throttle(store, {
      name: 'surveys-by-customer',
      points: limits.surveysPerCustomerPerDay,
      seconds: DAY,
      message: 'We already have your feedback for today. Thank you!',
    }),
    /** Wrong admin bearer tokens per client; once spent, the client is refused even with the right one. */
    adminKeyFailures: new Throttle(store, {
      name: 'admin-key-failures',
      points: limits.adminKeyFailuresPerHour,
      seconds: HOUR,
      message: 'Too many failed sign-ins from this address. Try again later.',
    }),
    /** Wrong staff passwords per email (hashed): a guessed account gets a few tries an hour, from anywhere. */
    signInFailuresByEmail: new Throttle(store, {
      name: 'sign-in-failures-by-email',
      points: limits.signInFailuresPerEmailPerHour,
      seconds: HOUR,
      message: 'Too many failed sign-ins for this account. Try again later.',
    }),
    /** Wrong staff passwords per client, whichever emails they try. */
    signInFailuresByClient: new Throttle(store, {
      name: 'sign-in-failures-by-client',
      points: limits.signInFailuresPerHour,
      seconds: HOUR,
      message: 'Too many failed sign-ins from this address. Try again later.',
    }),
  };
}

export type Throttles = ReturnType<typeof createThrottles>;
