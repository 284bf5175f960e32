import { describe, expect, it } from 'vitest';
import { DEFAULT_SMS_TEMPLATE, smsText } from '../../../../../server/features/integrations/sms/sms-text';

describe('the text of the registration link', () => {
  it('fills the default template with the operator and the link', () => {
    expect(smsText(DEFAULT_SMS_TEMPLATE, { operator: 'Brightwater', link: 'https://club.example/?id=abc' })).toBe(
      'Brightwater: finish your membership profile: https://club.example/?id=abc Reply STOP to opt out.',
    );
  });

  it('fills every occurrence, and leaves other braces as written', () => {
    expect(smsText('{operator} {link} {operator} {link} {name}', { operator: 'O', link: 'L' })).toBe('O L O L {name}');
  });
});
