import { describe, expect, it } from 'vitest';
import { phoneText } from '../../../../src/console/members/phone-text';

describe("a member's number as staff dial it", () => {
  it("is national in the operator's country, international elsewhere, and as it came when unreadable", () => {
    expect(phoneText('+13105550188', 'US')).toBe('(310) 555-0188');
    expect(phoneText('+447911123456', 'US')).toBe('+44 7911 123456');
    expect(phoneText('+447911123456', 'GB')).toBe('07911 123456');
    expect(phoneText('+1', 'US')).toBe('+1');
  });
});
