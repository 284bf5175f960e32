/** docs/spec.md §4/§9: a sign-up without a code (phone dialog) uses this registration id. */
export const MANUAL_REGISTRATION_ID = '-1';

/** docs/spec.md §3: the site of a registration that names none (a sign-up without a code, a sale that sends none). */
export const DEFAULT_SITE_ID = '0';
