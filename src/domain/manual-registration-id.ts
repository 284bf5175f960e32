/** docs/spec.md §4/§9: a sign-up without a code (phone dialog) uses this registration id. */
export const MANUAL_REGISTRATION_ID = '-1';
