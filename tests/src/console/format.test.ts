// @vitest-environment happy-dom
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvText, downloadCsv, minutes, smsLine } from '../../../src/console/format';
import { atSite } from '../../../src/console/site-clock';

const HEADER = ['Site', 'Profiles completed', 'NPS'];
/** A site id is whatever the point-of-sale sent; the figures are numbers, some of them negative. */
const ROWS = [
  ['=HYPERLINK("http://evil.example","Site 7")', 12, '+40'],
  ['@SUM(A1)', 0, -25],
  ['Ñandú "North"', 3, '—'],
];

describe('a CSV the console makes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('quotes every cell, writes text cells so no spreadsheet runs them, and numbers as numbers', () => {
    const text = csvText(HEADER, ROWS);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parse(text, { bom: true })).toEqual([
      HEADER,
      [`'=HYPERLINK("http://evil.example","Site 7")`, '12', "'+40"],
      ["'@SUM(A1)", '0', '-25'],
      ['Ñandú "North"', '3', '—'],
    ]);
  });

  it('downloads that text under the name given', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('by-site.csv');
      expect(this.href).toBe('blob:csv');
    });

    downloadCsv('by-site.csv', HEADER, ROWS);

    expect(click).toHaveBeenCalledTimes(1);
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    const text = await blobs[0]!.text();
    expect(text).toBe(csvText(HEADER, ROWS));
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Site 7"")"`);
  });
});

describe('a span of minutes, in words', () => {
  it.each([
    [null, '—'],
    [0, '0 min'],
    [59, '59 min'],
    [60, '1 h'],
    [61, '1 h 1 min'],
    [1439, '23 h 59 min'],
    [1440, '1 d'],
    [1500, '1 d 1 h'],
    [2 * 1440 + 4 * 60 + 59, '2 d 4 h'],
  ])('writes %s as %s', (value, text) => {
    expect(minutes(value)).toBe(text);
  });
});

// The site's clock names its zone; the reader's is added only where it differs (tests/src/console/site-clock.test.ts).
describe('a text message’s line on the issue and member pages', () => {
  const site = { name: 'Main Street', timeZone: 'America/Los_Angeles', smsWindow: { start: '08:00', end: '21:00' } };
  const sms = { status: 'queued' as const, errorCode: null, attempts: 0, sentAt: null };
  it.each([
    [sms, 'Text message queued'],
    [{ ...sms, errorCode: 'timeout', attempts: 1 }, 'Text message queued, retrying (timeout)'],
    [
      { ...sms, scheduledFor: '2026-11-26T16:00:00.000Z' },
      `Text message held for quiet hours: texts go out 8:00 AM – 9:00 PM at Main Street. It goes out ${atSite('2026-11-26T16:00:00.000Z', site.timeZone)}.`,
    ],
    [
      { ...sms, status: 'sent' as const, sentAt: '2026-11-26T16:05:00.000Z' },
      `Text message sent ${atSite('2026-11-26T16:05:00.000Z', site.timeZone)}`,
    ],
    [
      { ...sms, status: 'failed' as const, errorCode: '21211' },
      'Text message failed: not a valid phone number (21211)',
    ],
    [
      { ...sms, status: 'failed' as const, errorCode: '21610' },
      'Text message failed: the number replied STOP to our texts, and the carrier blocks them; give the link another ' +
        'way (21610)',
    ],
    [
      { ...sms, status: 'failed' as const, errorCode: '21614' },
      'Text message failed: not a mobile number, so it cannot take texts (21614)',
    ],
    [{ ...sms, status: 'failed' as const, errorCode: '30001' }, 'Text message failed (30001)'],
    [{ ...sms, status: 'failed' as const, errorCode: 'sms_opted_out' }, 'Text message cancelled: the number opted out'],
    [
      { ...sms, status: 'failed' as const, errorCode: 'registration_completed' },
      'Text message cancelled: the profile was completed first',
    ],
  ])('%o reads “%s”', (status, line) => {
    expect(smsLine(status, site)).toBe(line);
  });

  it('says when a held text goes out on the site’s clock, its zone named', () => {
    const line = smsLine({ ...sms, scheduledFor: '2026-11-26T16:00:00.000Z' }, site);
    expect(line).toContain('Nov 26, 2026, 8:00 AM PST');
  });

  it('says only where it is held when the site’s window is not known', () => {
    const line = smsLine({ ...sms, scheduledFor: '2026-11-26T16:00:00.000Z' }, { ...site, smsWindow: undefined });
    expect(line).toMatch(/^Text message held for quiet hours: at Main Street\. It goes out Nov 26, 2026, 8:00 AM PST/);
  });
});
