import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FOLLOW_UP_HOURS,
  FOLLOW_UP_MESSAGES,
  FOLLOW_UP_STATUSES,
  followUpAssignSchema,
  followUpContactSchema,
  followUpDueAt,
  followUpNoteSchema,
  followUpQuerySchema,
  followUpResolveSchema,
  MAX_FOLLOW_UP_HOURS,
  opensFollowUp,
  ROOT_CAUSE_LABELS,
  ROOT_CAUSES,
  TIMELINE_KINDS,
} from '../../../src/domain/follow-ups';
import { UNSUPPORTED_CHARACTERS, validate } from '../../../src/domain/validation';

const STAFF_ID = '4f9c7a52-8d3e-4b1a-9c6f-2e7d5a8b1c30';

describe('a follow-up case', () => {
  it('goes from open to resolved, each step an entry of its timeline', () => {
    expect([FOLLOW_UP_STATUSES[0], FOLLOW_UP_STATUSES.at(-1)]).toEqual(['open', 'resolved']);
    const kinds: readonly string[] = TIMELINE_KINDS;
    expect(FOLLOW_UP_STATUSES.filter((status) => !kinds.includes(status === 'open' ? 'opened' : status))).toEqual([]);
  });

  it('is resolved with any of its root causes, each with a label of its own, and with nothing else', () => {
    expect(
      ROOT_CAUSES.filter((rootCause) => !validate(followUpResolveSchema, { rootCause, note: 'Called' }).ok),
    ).toEqual([]);
    const labels = ROOT_CAUSES.map((cause) => ROOT_CAUSE_LABELS[cause]);
    expect(labels.filter((label) => !/^[A-Z][a-z ]+$/.test(label))).toEqual([]);
    expect(new Set(labels).size).toBe(ROOT_CAUSES.length);
    expect(validate(followUpResolveSchema, { rootCause: 'weather', note: 'Called' }).ok).toBe(false);
  });

  it('is opened by a detractor’s score, 1 to 6: not by 0 (unanswered) nor by 7 to 10', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter(opensFollowUp)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('is due FOLLOW_UP_HOURS after it opened, fractions of an hour included', () => {
    const opened = new Date('2026-03-07T22:15:00.000Z');
    expect(DEFAULT_FOLLOW_UP_HOURS).toBe(48);
    expect(MAX_FOLLOW_UP_HOURS).toBe(720);
    expect(followUpDueAt(opened, 48).toISOString()).toBe('2026-03-09T22:15:00.000Z');
    expect(followUpDueAt(opened, 0.5).toISOString()).toBe('2026-03-07T22:45:00.000Z');
    expect(followUpDueAt(opened, 1.25).toISOString()).toBe('2026-03-07T23:30:00.000Z');
    // A third of an hour is 20 minutes, to the millisecond.
    expect(followUpDueAt(opened, 1 / 3).toISOString()).toBe('2026-03-07T22:35:00.000Z');
    // UTC arithmetic: a daylight-saving change in between adds or takes nothing.
    expect(followUpDueAt(opened, 720).toISOString()).toBe('2026-04-06T22:15:00.000Z');
  });
});

describe('the inbox query', () => {
  it('filters by site, status and assignee (a staff id, me or none), a page at a time', () => {
    expect(v.parse(followUpQuerySchema, { site: '7', status: 'contacted', assignee: 'me', limit: '10' })).toEqual({
      site: '7',
      status: 'contacted',
      assignee: 'me',
      limit: 10,
    });
    expect(v.parse(followUpQuerySchema, { assignee: 'none' })).toEqual({ assignee: 'none', limit: 50 });
    expect(v.parse(followUpQuerySchema, { assignee: STAFF_ID })).toMatchObject({ assignee: STAFF_ID });
  });

  it('refuses what names no site, status or assignee, in words', () => {
    expect(validate(followUpQuerySchema, { site: 'a b', status: 'closed', assignee: 'someone' })).toEqual({
      ok: false,
      errors: {
        site: 'site is a site id',
        status: 'status is open, contacted, resolved or active (open or contacted)',
        assignee: 'assignee is a staff id, me or none',
      },
    });
    expect(validate(followUpQuerySchema, { limit: '0' })).toMatchObject({
      errors: { limit: 'limit must be a whole number from 1 to 200' },
    });
  });
});

describe('the actions on a case', () => {
  it('assign to a staff member by id, or to nobody', () => {
    expect(v.parse(followUpAssignSchema, { assigneeId: STAFF_ID })).toEqual({ assigneeId: STAFF_ID });
    expect(v.parse(followUpAssignSchema, { assigneeId: null })).toEqual({ assigneeId: null });
    for (const assigneeId of [undefined, 'nobody', 7, '']) {
      expect(validate(followUpAssignSchema, { assigneeId })).toEqual({
        ok: false,
        errors: { assigneeId: 'Choose a staff member who works at this site' },
      });
    }
    // A missing field gets its own message, not valibot's "Invalid key".
    expect(validate(followUpAssignSchema, {})).toEqual({
      ok: false,
      errors: { assigneeId: 'Choose a staff member who works at this site' },
    });
    expect(validate(followUpAssignSchema, STAFF_ID)).toEqual({
      ok: false,
      errors: { '': 'Send the fields as a JSON object' },
    });
  });

  it('mark contacted with a note or none', () => {
    expect(v.parse(followUpContactSchema, {})).toEqual({});
    expect(v.parse(followUpContactSchema, { note: '  Called, left a voicemail ' })).toEqual({
      note: 'Called, left a voicemail',
    });
    expect(validate(followUpContactSchema, { note: ' ' })).toEqual({
      ok: false,
      errors: { note: 'Write a note of at most 2000 characters' },
    });
  });

  it('note 1 to 2000 characters a person could type', () => {
    expect(v.parse(followUpNoteSchema, { text: 'x'.repeat(2000) }).text).toHaveLength(2000);
    for (const text of ['', '   ', 'x'.repeat(2001), undefined]) {
      expect(validate(followUpNoteSchema, { text })).toEqual({
        ok: false,
        errors: { text: 'Write a note of at most 2000 characters' },
      });
    }
    expect(validate(followUpNoteSchema, { text: 'Called\u0000' })).toEqual({
      ok: false,
      errors: { text: UNSUPPORTED_CHARACTERS },
    });
    expect(v.parse(followUpNoteSchema, { text: 'Line one\nLine two' }).text).toBe('Line one\nLine two');
    // No text at all is the same mistake, said the same way.
    expect(validate(followUpNoteSchema, {})).toEqual({
      ok: false,
      errors: { text: 'Write a note of at most 2000 characters' },
    });
  });

  it('resolve with a root cause and a note of what was done, both required', () => {
    expect(v.parse(followUpResolveSchema, { rootCause: 'damage', note: ' Paid for the mirror ' })).toEqual({
      rootCause: 'damage',
      note: 'Paid for the mirror',
    });
    expect(validate(followUpResolveSchema, {})).toEqual({
      ok: false,
      errors: { rootCause: 'Choose a root cause', note: 'Say what was done (at most 2000 characters)' },
    });
    expect(validate(followUpResolveSchema, { rootCause: 'weather', note: 'x'.repeat(2001) })).toEqual({
      ok: false,
      errors: { rootCause: 'Choose a root cause', note: 'Say what was done (at most 2000 characters)' },
    });
  });

  it('words its refusals in plain English', () => {
    expect(FOLLOW_UP_MESSAGES).toMatchObject({
      assignSelf: 'A manager may assign a case only to themself',
      unassignOthers: 'A manager may unassign only themself',
      notFound: 'There is no such follow-up case.',
      closed: 'This case is resolved: it can no longer be assigned, contacted or resolved.',
    });
  });
});
