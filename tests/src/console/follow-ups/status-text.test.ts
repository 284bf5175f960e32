import { describe, expect, it } from 'vitest';
import { casesText } from '../../../../src/console/follow-ups/status-text';

describe("the inbox's count", () => {
  it('says one case, several cases, or more to come', () => {
    expect(casesText(0, false)).toBe('0 cases');
    expect(casesText(1, false)).toBe('1 case');
    expect(casesText(2, false)).toBe('2 cases');
    expect(casesText(50, true)).toBe('50+ cases');
  });
});
