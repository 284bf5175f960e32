import { describe, expect, it } from 'vitest';
import { smsConsentText } from '../../../src/domain/consent';
import { quotedIn, specItem } from '../../support/spec-text';

describe('the SMS consent wording (docs/spec.md §9: rates, frequency, HELP and STOP, not a condition of purchase)', () => {
  it("is the spec's word for word, with the operator named where the spec says {operator}", () => {
    const [spec = ''] = quotedIn(specItem('SMS consent'));
    expect(spec).toContain('{operator}');
    expect(smsConsentText('Brightwater Car Wash')).toBe(spec.replace('{operator}', 'Brightwater Car Wash'));
  });

  it('names whichever operator runs the club, and only in that one place', () => {
    const text = smsConsentText('Harbor Suds');
    expect(text.split('Harbor Suds')).toHaveLength(2);
    expect(text).not.toBe(smsConsentText('Brightwater Car Wash'));
  });
});
