import { t } from '@lingui/core/macro';

/**
 * The SMS consent wording next to the boxes, in the language shown. English is src/domain/consent.ts's, word for word
 * (a test holds them together); the record stores the language and the wording's version the customer saw.
 */
export function smsConsentText(operatorName: string): string {
  return t`By checking this box, you agree to receive recurring automated marketing and membership text messages from ${operatorName} at the mobile number provided. Consent is not a condition of purchase. Message frequency varies. Message and data rates may apply. Reply HELP for help or STOP to opt out.`;
}
