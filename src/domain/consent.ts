/**
 * The consent wording shown next to the SMS and newsletter boxes. The customer record stores the version
 * the customer saw, so a later change of wording never rewrites what someone agreed to.
 */
export const CONSENT_VERSION = '2026-11-01';

export function smsConsentText(operatorName: string): string {
  return (
    `By checking this box, you agree to receive recurring automated marketing and membership text messages ` +
    `from ${operatorName} at the mobile number provided. Consent is not a condition of purchase. ` +
    `Message frequency varies. Message and data rates may apply. Reply HELP for help or STOP to opt out.`
  );
}
