import { describe, expect, it } from 'vitest';
import { safeNext } from '../../../src/console/sign-in/safe-next';

describe('where sign-in goes next', () => {
  it.each([['/'], ['/members'], ['/members?q=ada&site=7'], ['/feedback?band=detractor#top'], ['/members/a%2Fb']])(
    'goes back to the console path %j',
    (next) => {
      expect(safeNext(next)).toBe(next);
    },
  );

  it.each([
    [null],
    [''],
    ['members'],
    ['//evil.example'],
    ['/\\evil.example'],
    ['\\/evil.example'],
    ['/members\\..\\x'],
    ['/members//x'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/members\r'],
    ['/\u0000'],
    ['/\u0085'],
  ])('goes to the dashboard instead of %j', (next) => {
    expect(safeNext(next)).toBe('/');
  });
});
