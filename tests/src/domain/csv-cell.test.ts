import { describe, expect, it } from 'vitest';
import { neutralised } from '../../../src/domain/csv-cell';

describe('a CSV cell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['=', "'="],
    ['+', "'+"],
    ['-', "'-"],
    ['@', "'@"],
    ['+1 201 555 0143', "'+1 201 555 0143"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['=HYPERLINK("http://evil.example")', `'=HYPERLINK("http://evil.example")`],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
  ])('%j, which a spreadsheet would run, is written as the text %j', (cell, written) => {
    expect(neutralised(cell)).toBe(written);
  });

  it.each([['Ada'], [''], ['a=b'], ['12'], ["'=1"]])('%j is written as it is', (cell) => {
    expect(neutralised(cell)).toBe(cell);
  });
});
