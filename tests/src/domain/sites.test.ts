import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { newSiteSchema, SITE_MESSAGES, siteChangeSchema, siteName, unnamedSiteName } from '../../../src/domain/sites';

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
});
