import { describe, expect, it } from 'vitest';
import { smsConsentText } from '../../../src/domain/consent';

describe('the SMS consent wording (docs/spec.md: rates, frequency, HELP and STOP, not a condition of purchase)', () => {
  it("names the operator in the wording's one sentence about who sends the texts", () => {
    expect(smsConsentText('Brightwater Car Wash')).toBe(
      'By checking this box, you agree to receive recurring automated marketing and membership text messages ' +
        'from Brightwater Car Wash at the mobile number provided. Consent is not a condition of purchase. ' +
        'Message frequency varies. Message and data rates may apply. Reply HELP for help or STOP to opt out.',
    );
  });
});
