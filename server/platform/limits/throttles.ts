import type { Env } from '../../env';
import type { LimitStore } from './limit-store';
import { Throttle } from './throttle';

const MINUTE = 60;
const QUARTER_HOUR = 15 * MINUTE;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Every throttle of the API, with the budgets of `env.limits` (docs/configuration.md). */
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
    /**
     * Follow-up cases opened by detractors who signed up without a code, per client. It is spent, never refused:
     * past it the survey is stored and opens no case, so one address cannot fill the inbox (decision 039).
     */
    manualSignupCases: new Throttle(store, {
      name: 'manual-signup-cases',
      points: limits.manualSignupCasesPerHour,
      seconds: HOUR,
      message: 'Too many follow-up cases from sign-ups without a code on this network.',
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
    /**
     * Wrong staff passwords for one email from one client: whoever guesses from one address is stopped there,
     * without locking the account's owner out from theirs.
     */
    signInFailuresByEmailAndClient: new Throttle(store, {
      name: 'sign-in-failures-by-email-and-client',
      points: limits.signInFailuresPerEmailPerHour,
      seconds: HOUR,
      message: 'Too many failed sign-ins for this account from this address. Try again later.',
    }),
    /**
     * Wrong passwords for one email from anywhere, in quarter hours: guessing spread over many addresses is slowed
     * to this pace, and whoever makes an account refuse sign-ins does so for minutes, not an hour.
     */
    signInFailuresByEmail: new Throttle(store, {
      name: 'sign-in-failures-by-email',
      points: limits.signInFailuresPerEmailPer15Minutes,
      seconds: QUARTER_HOUR,
      message: 'Too many failed sign-ins for this account. Try again in a few minutes.',
    }),
    /** Wrong staff passwords per client, whichever emails they try. */
    signInFailuresByClient: new Throttle(store, {
      name: 'sign-in-failures-by-client',
      points: limits.signInFailuresPerHour,
      seconds: HOUR,
      message: 'Too many failed sign-ins from this address. Try again later.',
    }),
    /** Wrong current passwords when changing one's password, per staff member: a stolen session cannot guess it. */
    passwordChangeFailures: new Throttle(store, {
      name: 'password-change-failures',
      points: limits.passwordChangeFailuresPerHour,
      seconds: HOUR,
      message: 'Too many wrong current passwords. Try again later.',
    }),
    /** Codes one issuer (a staff member or an API key) issues: a stolen session or key cannot issue without end. */
    codesByIssuer: new Throttle(store, {
      name: 'codes-by-issuer',
      points: limits.codesPerIssuerPerHour,
      seconds: HOUR,
      message: 'Too many registration codes issued in the last hour. Try again later.',
    }),
    /** Returning-member codes per issuer: each one shows a member's saved profile to whoever opens the link. */
    returningCodesByIssuer: new Throttle(store, {
      name: 'returning-codes-by-issuer',
      points: limits.returningCodesPerIssuerPerHour,
      seconds: HOUR,
      message: 'Too many returning-member codes issued in the last hour. Try again later.',
    }),
    /** Visits one key records: a leaked key cannot fill the visits table without end (decision 052). */
    visitsByIssuer: new Throttle(store, {
      name: 'visits-by-issuer',
      points: limits.visitsPerIssuerPerHour,
      seconds: HOUR,
      message: 'Too many visits recorded in the last hour. Try again later.',
    }),
    /** Texts to one number (keyed by its hash): nobody is texted over and over, whoever asks. */
    textsByNumber: new Throttle(store, {
      name: 'texts-by-number',
      points: limits.textsPerNumberPerDay,
      seconds: DAY,
      message: 'This number has had as many texts as it may today. Show the customer the link or QR code instead.',
    }),
    /**
     * Our replies to the texts one number sends (HELP's answer, an opt-out's confirmation, a clarifying text), keyed
     * by the number's hash: each reply is paid for, and a number texting HELP over and over is not answered over and
     * over (decision 040). Past it the text is still kept and acted on; only the reply is left out.
     */
    smsRepliesByNumber: new Throttle(store, {
      name: 'sms-replies-by-number',
      points: limits.smsRepliesPerNumberPerDay,
      seconds: DAY,
      message: 'This number has had as many replies as it may today.',
    }),
    /** Texts per issuer: each one is paid for by the operator. */
    textsByIssuer: new Throttle(store, {
      name: 'texts-by-issuer',
      points: limits.textsPerIssuerPerHour,
      seconds: HOUR,
      message: 'Too many texts sent in the last hour. Show the customer the link or QR code instead.',
    }),
  };
}

export type Throttles = ReturnType<typeof createThrottles>;
