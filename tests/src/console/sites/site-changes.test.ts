import { describe, expect, it } from 'vitest';
import { FEEDBACK_DEFAULTS } from '../../../../src/domain/invitations';
import type { Site } from '../../../../src/domain/sites';
import { issueKeyOf, siteChanges, siteForm } from '../../../../src/console/sites/site-changes';

const NAMED: Site = {
  id: '7',
  name: 'Main Street',
  address: '1 Main Street',
  timeZone: 'America/Chicago',
  smsWindow: { start: '08:00', end: '21:00' },
  reviewUrl: 'https://example.com/review',
  active: true,
  ...FEEDBACK_DEFAULTS,
  named: true,
};
const UNNAMED: Site = { ...NAMED, id: '42', name: 'Site 42', address: '', reviewUrl: null, named: false };

describe('the site form', () => {
  it('opens on the site as it is, an unnamed site’s name box empty', () => {
    expect(siteForm(NAMED)).toEqual({
      name: 'Main Street',
      address: '1 Main Street',
      timeZone: 'America/Chicago',
      reviewUrl: 'https://example.com/review',
      textsFrom: '08:00',
      textsUntil: '21:00',
      active: true,
      askAfterVisit: false,
      askDelayMinutes: '120',
      askEveryDays: '30',
      codeReminder: true,
      codeReminderMinutes: '1440',
      inviteReminder: true,
      inviteReminderMinutes: '2880',
    });
    expect(siteForm(UNNAMED)).toMatchObject({ name: '', reviewUrl: '' });
  });

  it('sends nothing when nothing changed, spaces around a box included', () => {
    expect(siteChanges(NAMED, siteForm(NAMED))).toEqual({});
    expect(siteChanges(NAMED, { ...siteForm(NAMED), name: ' Main Street ', address: '1 Main Street ' })).toEqual({});
    expect(siteChanges(UNNAMED, siteForm(UNNAMED))).toEqual({});
  });

  it('sends each field changed, as typed, and only those', () => {
    expect(siteChanges(NAMED, { ...siteForm(NAMED), name: 'Main St. ' })).toEqual({ name: 'Main St. ' });
    expect(siteChanges(NAMED, { ...siteForm(NAMED), address: '2 Main Street' })).toEqual({
      address: '2 Main Street',
    });
    expect(siteChanges(NAMED, { ...siteForm(NAMED), timeZone: 'America/New_York' })).toEqual({
      timeZone: 'America/New_York',
    });
    expect(siteChanges(NAMED, { ...siteForm(NAMED), active: false })).toEqual({ active: false });
    // The sending window is one value: either end changed sends both.
    expect(siteChanges(NAMED, { ...siteForm(NAMED), textsFrom: '09:30' })).toEqual({
      smsWindow: { start: '09:30', end: '21:00' },
    });
    expect(siteChanges(NAMED, { ...siteForm(NAMED), textsUntil: '20:00' })).toEqual({
      smsWindow: { start: '08:00', end: '20:00' },
    });
    expect(siteChanges({ ...NAMED, active: false }, { ...siteForm(NAMED), active: true })).toEqual({ active: true });
  });

  it('reads a window until midnight as 00:00 in the time box, and saves 00:00 there as 24:00', () => {
    const untilMidnight = { ...NAMED, smsWindow: { start: '00:00', end: '24:00' } };
    expect(siteForm(untilMidnight)).toMatchObject({ textsFrom: '00:00', textsUntil: '00:00' });
    expect(siteChanges(untilMidnight, siteForm(untilMidnight))).toEqual({});
    expect(siteChanges(NAMED, { ...siteForm(NAMED), textsUntil: '00:00' })).toEqual({
      smsWindow: { start: '08:00', end: '24:00' },
    });
    // Only an end: a window from midnight is sent as typed.
    expect(siteChanges(NAMED, { ...siteForm(NAMED), textsFrom: '00:00' })).toEqual({
      smsWindow: { start: '00:00', end: '21:00' },
    });
  });

  it('finds the server’s message for each box: the window’s under smsWindow, the others under their own name', () => {
    expect(['name', 'timeZone', 'textsFrom', 'textsUntil', 'active'].map(issueKeyOf)).toEqual([
      'name',
      'timeZone',
      'smsWindow.start',
      'smsWindow.end',
      'active',
    ]);
  });

  it('sends an emptied name of a named site, for the server to refuse', () => {
    expect(siteChanges(NAMED, { ...siteForm(NAMED), name: '' })).toEqual({ name: '' });
  });

  it('names an unnamed site only when a name is typed: its review link alone leaves it waiting', () => {
    expect(siteChanges(UNNAMED, { ...siteForm(UNNAMED), reviewUrl: 'https://example.com/r' })).toEqual({
      reviewUrl: 'https://example.com/r',
    });
    expect(siteChanges(UNNAMED, { ...siteForm(UNNAMED), name: '  ' })).toEqual({});
    expect(siteChanges(UNNAMED, { ...siteForm(UNNAMED), name: 'Harbor Road' })).toEqual({ name: 'Harbor Road' });
  });

  it('removes a review link by sending it empty', () => {
    expect(siteChanges(NAMED, { ...siteForm(NAMED), reviewUrl: ' ' })).toEqual({ reviewUrl: ' ' });
    expect(siteChanges(NAMED, { ...siteForm(NAMED), reviewUrl: 'https://example.com/other' })).toEqual({
      reviewUrl: 'https://example.com/other',
    });
  });
});
