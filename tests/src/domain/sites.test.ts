import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { newSiteSchema, SITE_MESSAGES, siteChangeSchema, siteName, unnamedSiteName } from '../../../src/domain/sites';
import { UNSUPPORTED_CHARACTERS, validate } from '../../../src/domain/validation';

const issues = (result: v.SafeParseResult<v.GenericSchema>) =>
  Object.fromEntries((result.issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]));

describe('a site', () => {
  it('is "Site {id}" until it is named, and by its name once it is', () => {
    expect(unnamedSiteName('7')).toBe('Site 7');
    const sites = [{ id: '7', name: 'Naperville' }];
    expect(siteName(sites, '7')).toBe('Naperville');
    expect(siteName(sites, '12')).toBe('Site 12');
    expect(siteName(undefined, '7')).toBe('Site 7');
  });

  it('is added under the point-of-sale id, trimmed, with its name; the rest is optional', () => {
    expect(v.parse(newSiteSchema, { id: ' north-44 ', name: ' North Avenue ' })).toEqual({
      id: 'north-44',
      name: 'North Avenue',
      address: '',
      reviewUrl: null,
    });
    expect(
      v.parse(newSiteSchema, {
        id: 'n_1',
        name: 'N',
        timeZone: 'America/Denver',
        reviewUrl: 'https://g.page/r/n/review',
      }),
    ).toMatchObject({ timeZone: 'America/Denver', reviewUrl: 'https://g.page/r/n/review' });
  });

  it('refuses what a site cannot be, with a message per field', () => {
    const result = v.safeParse(newSiteSchema, {
      id: 'a'.repeat(41),
      name: 'x'.repeat(81),
      address: 'y'.repeat(201),
      timeZone: 'Nowhere/Else',
      reviewUrl: 'http://g.page/r/n/review',
    });
    expect(issues(result)).toEqual({
      id: SITE_MESSAGES.id,
      name: SITE_MESSAGES.name,
      address: SITE_MESSAGES.address,
      timeZone: SITE_MESSAGES.timeZone,
      reviewUrl: SITE_MESSAGES.reviewUrl,
    });
    expect(issues(v.safeParse(newSiteSchema, { id: 'a b', name: '   ' }))).toEqual({
      id: SITE_MESSAGES.id,
      name: SITE_MESSAGES.name,
    });
    expect(issues(v.safeParse(newSiteSchema, { id: 'a', name: 'A', reviewUrl: 'not a url' }))).toEqual({
      reviewUrl: SITE_MESSAGES.reviewUrl,
    });
  });

  it('takes a change of any one field; an empty review link removes it', () => {
    expect(v.parse(siteChangeSchema, { reviewUrl: '' })).toEqual({ reviewUrl: null });
    expect(v.parse(siteChangeSchema, { reviewUrl: null })).toEqual({ reviewUrl: null });
    expect(v.parse(siteChangeSchema, { active: false })).toEqual({ active: false });
    expect(v.parse(siteChangeSchema, {})).toEqual({});
    expect(issues(v.safeParse(siteChangeSchema, { name: '' }))).toEqual({ name: SITE_MESSAGES.name });
  });

  // What the console, the alert emails and the CSV would show as other than it is: one line, in the order stored.
  it.each([
    ['a line break', 'North\nAvenue', UNSUPPORTED_CHARACTERS],
    ['a carriage return', 'North\r\nAvenue', UNSUPPORTED_CHARACTERS],
    ['a tab', 'North\tAvenue', UNSUPPORTED_CHARACTERS],
    ['a line separator', 'North\u2028Avenue', UNSUPPORTED_CHARACTERS],
    ['a paragraph separator', 'North\u2029Avenue', UNSUPPORTED_CHARACTERS],
    ['a next-line control', 'North\u0085Avenue', UNSUPPORTED_CHARACTERS],
    ['a right-to-left override', 'Harbor \u202Etsew', UNSUPPORTED_CHARACTERS],
    ['a right-to-left isolate', 'Harbor \u2067West\u2069', UNSUPPORTED_CHARACTERS],
    ['nothing but a zero-width space', '\u200B', SITE_MESSAGES.name],
    ['nothing but a Braille blank, a soft hyphen and a word joiner', '\u2800\u00AD\u2060', SITE_MESSAGES.name],
    ['nothing but no-break spaces', '\u00A0\u3000', SITE_MESSAGES.name],
  ])('refuses a name with %s, naming the field, when added or changed', (_, name, message) => {
    expect(validate(newSiteSchema, { id: 'north-44', name })).toEqual({ ok: false, errors: { name: message } });
    expect(validate(siteChangeSchema, { name })).toEqual({ ok: false, errors: { name: message } });
  });

  it('takes a name in any script, joiners between letters included, trimmed of spaces and line breaks', () => {
    for (const [sent, kept] of [
      [' North Avenue\n', 'North Avenue'],
      ['\u00A0Café Ñandú\u3000', 'Café Ñandú'],
      ['کارواش می\u200Cخواهم', 'کارواش می\u200Cخواهم'],
    ]) {
      expect(validate(siteChangeSchema, { name: sent })).toEqual({ ok: true, value: { name: kept } });
    }
  });
});
