import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, followUpCases, followUpEvents, outboxEvents, staff } from '../../../../server/platform/db/schema';
import type { FollowUpDetail } from '../../../../src/domain/follow-ups';
import { AFTER_MESSAGE } from '../../../../src/domain/paging';
import { DRIVERS } from '../../helpers/test-database';
import { ADMIN_API_KEY, CLI_KEY, startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';
import { addStaff, sessionOf } from '../../helpers/staff-session';

// Issue 25, part 2: the follow-up inbox, a case's page and what is done on it, at the door of every route.

type Caller = { anonymous: true; headers: Record<string, string> };
const bearer = (key: string): Caller => ({ anonymous: true, headers: { authorization: `Bearer ${key}` } });
const with_ = (caller: Caller, json: unknown) => ({ ...caller, json });

/** The timeline of a case's page as answered. */
const timelineIn = (body: unknown) => (body as FollowUpDetail).timeline;

const NOT_FOUND = { code: 'not_found', message: 'There is no such follow-up case.' };
const CLOSED = {
  code: 'case_closed',
  message: 'This case is resolved: it can no longer be assigned, contacted or resolved.',
};
const ANSWERS = {
  recommendToOthersScore: 3,
  washQualityScore: 2,
  cleanlinessScore: 5,
  serviceScore: 0,
  valueScore: 4,
  comments: 'Brushes scratched my mirror',
};

describe.each(DRIVERS)('follow-up cases over HTTP on %s', (driver) => {
  let t: TestApp;
  let owner: Caller;
  let manager7: Caller;
  let manager9: Caller;
  const ids = { owner: '', manager7: '', colleague7: '', manager9: '', disabled7: '' };
  let member7: string;
  let member9: string;
  beforeAll(async () => {
    t = await startTestApp(driver, { FOLLOW_UP_HOURS: '0.5' });
    ids.owner = (await addStaff(t, { email: 'owner@wash.example', role: 'owner' })).id;
    ids.manager7 = (await addStaff(t, { email: 'pat@wash.example', role: 'manager', sites: ['7'] })).id;
    ids.colleague7 = (await addStaff(t, { email: 'lee@wash.example', role: 'manager', sites: ['7', '8'] })).id;
    ids.manager9 = (await addStaff(t, { email: 'nine@wash.example', role: 'manager', sites: ['9'] })).id;
    ids.disabled7 = (await addStaff(t, { email: 'gone@wash.example', role: 'manager', sites: ['7'] })).id;
    await t.database.db.update(staff).set({ name: 'Pat Lopez' }).where(eq(staff.id, ids.manager7));
    await t.database.db.update(staff).set({ name: 'Olive Owner' }).where(eq(staff.id, ids.owner));
    await t.database.db.update(staff).set({ disabled: true }).where(eq(staff.id, ids.disabled7));
    owner = { anonymous: true, headers: await sessionOf(t, 'owner@wash.example') };
    manager7 = { anonymous: true, headers: await sessionOf(t, 'pat@wash.example') };
    manager9 = { anonymous: true, headers: await sessionOf(t, 'nine@wash.example') };
    const member = async (siteId: string, mobileNumber: string, firstName: string) => {
      const issued = await t.issue({ siteId, mobileNumber });
      const res = await t.call('POST', '/api/customers', {
        json: validCustomer(issued.registration.id, { firstName, email: `${firstName.toLowerCase()}@example.com` }),
      });
      return res.body.id as string;
    };
    member7 = await member('7', '+12015550171', 'Dana');
    member9 = await member('9', '+12015550172', 'Sam');
  });
  afterAll(() => t.close());

  /** A survey through the customer app's route, and the case it opened (if any). */
  const survey = async (customerId: string, answers: Partial<typeof ANSWERS> = {}) => {
    const res = await t.call('POST', '/api/surveys', { json: { customerId, ...ANSWERS, ...answers } });
    expect(res.status).toBe(201);
    const [row] = await t.database.db.select().from(followUpCases).where(eq(followUpCases.surveyId, res.body.id));
    return { surveyId: res.body.id as string, caseId: row?.id };
  };
  const detractor = async (customerId = member7) => (await survey(customerId)).caseId!;
  const auditOf = async (caseId: string) =>
    (
      await t.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, caseId)).orderBy(auditEvents.at)
    ).map((row) => ({
      action: row.action,
      actorKind: row.actorKind,
      actorId: row.actorId,
    }));
  const timelineOf = async (caseId: string) =>
    t.database.db
      .select()
      .from(followUpEvents)
      .where(eq(followUpEvents.caseId, caseId))
      .orderBy(followUpEvents.at, followUpEvents.seq);
  const post = (caller: Caller, caseId: string, action: string, json: unknown) =>
    t.call('POST', `/api/admin/follow-ups/${caseId}/${action}`, with_(caller, json));

  it('opens a case with a 1–6 survey, due FOLLOW_UP_HOURS (here 0.5) later, and none with 7–10 or 0', async () => {
    const { caseId } = await survey(member7);
    const [row] = await t.database.db.select().from(followUpCases).where(eq(followUpCases.id, caseId!));
    expect(row!.dueAt.getTime() - row!.openedAt.getTime()).toBe(30 * 60_000);
    expect(row).toMatchObject({ siteId: '7', customerId: member7, status: 'open', assigneeId: null });
    for (const recommendToOthersScore of [0, 7, 10]) {
      expect((await survey(member7, { recommendToOthersScore })).caseId).toBeUndefined();
    }
  });

  it('shows a case’s page: the survey, the member’s contact details, the timeline; and audits the view', async () => {
    const { surveyId, caseId } = await survey(member7);
    const res = await t.call('GET', `/api/admin/follow-ups/${caseId}`, manager7);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: caseId,
      status: 'open',
      siteId: '7',
      memberId: member7,
      memberName: 'Dana Whitfield',
      surveyId,
      recommendScore: 3,
      openedAt: expect.any(String),
      dueAt: expect.any(String),
      overdue: false,
      assignee: null,
      contactedAt: null,
      resolvedAt: null,
      rootCause: null,
      resolutionNote: null,
      survey: {
        createdAt: res.body.openedAt,
        scores: {
          recommendToOthersScore: 3,
          washQualityScore: 2,
          cleanlinessScore: 5,
          serviceScore: 0,
          valueScore: 4,
        },
        comments: 'Brushes scratched my mirror',
      },
      member: {
        name: 'Dana Whitfield',
        mobileNumber: '+12015550171',
        email: 'dana@example.com',
        address: { line1: '12 Harbor Lane', line2: 'Apt 4', city: 'Springfield', region: 'IL', postalCode: '62704' },
      },
      timeline: [
        {
          at: res.body.openedAt,
          actorId: null,
          actorName: null,
          kind: 'opened',
          text: 'Opened by a survey that scored 3 out of 10.',
          message: null,
        },
      ],
    });
    expect(Date.parse(res.body.dueAt) - Date.parse(res.body.openedAt)).toBe(30 * 60_000);
    expect(await auditOf(caseId!)).toEqual([{ action: 'follow_up_viewed', actorKind: 'staff', actorId: ids.manager7 }]);
  });

  it('lists a manager only their own sites’ cases, and refuses them another site’s list', async () => {
    const mine = await detractor(member7);
    const theirs = await detractor(member9);
    const listed = async (caller: Caller, query = '') => {
      const res = await t.call('GET', `/api/admin/follow-ups${query}`, caller);
      expect(res.status).toBe(200);
      return (res.body.results as { id: string; siteId: string }[]).map((row) => row.id);
    };
    expect(await listed(manager7)).toContain(mine);
    expect(await listed(manager7)).not.toContain(theirs);
    expect(await listed(manager9)).toEqual([theirs]);
    expect(await listed(owner)).toEqual(expect.arrayContaining([mine, theirs]));
    expect(await listed(owner, '?site=9')).toEqual([theirs]);

    const edited = await t.call('GET', '/api/admin/follow-ups?site=7', manager9);
    expect(edited.status).toBe(403);
    expect(edited.body.error).toEqual({ code: 'forbidden', message: 'You may see only your own sites.' });

    const counted = await t.call('GET', '/api/admin/follow-ups/count', manager9);
    expect(counted.status).toBe(200);
    expect(counted.body).toEqual({ open: 1, overdue: 0 });
  });

  it('pages the inbox by its cursor, which tells a manager nothing of another site’s cases', async () => {
    await detractor(member7);
    const theirs = await detractor(member9);
    const inbox = async (caller: Caller, query: string) => t.call('GET', `/api/admin/follow-ups${query}`, caller);
    const whole = (await inbox(manager7, '')).body.results as { id: string }[];
    const paged: string[] = [];
    let after = '';
    do {
      const page = await inbox(manager7, `?limit=1${after ? `&after=${after}` : ''}`);
      expect(page.status).toBe(200);
      paged.push(...(page.body.results as { id: string }[]).map((row) => row.id));
      after = (page.body.nextCursor as string | null) ?? '';
    } while (after);
    expect(paged).toEqual(whole.map((row) => row.id));

    // Another site's case and a case that does not exist are answered alike: neither id is a cursor.
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000']) {
      const res = await inbox(manager7, `?after=${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', issues: { after: AFTER_MESSAGE } });
    }
  });

  it('answers another site’s case, an unknown one and a malformed id alike: 404 on every route, nothing written', async () => {
    const theirs = await detractor(member9);
    const bodies: Record<string, unknown> = {
      assign: { assigneeId: ids.manager7 },
      contact: { note: 'Called' },
      notes: { text: 'Edited request' },
      resolve: { rootCause: 'damage', note: 'Closed by someone else' },
    };
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000', 'not-a-case']) {
      const read = await t.call('GET', `/api/admin/follow-ups/${id}`, manager7);
      expect(read.status, id).toBe(404);
      expect(read.body.error).toEqual(NOT_FOUND);
      for (const [action, json] of Object.entries(bodies)) {
        const res = await post(manager7, id, action, json);
        expect(res.status, `${action} ${id}`).toBe(404);
        expect(res.body.error).toEqual(NOT_FOUND);
      }
    }
    const [row] = await t.database.db.select().from(followUpCases).where(eq(followUpCases.id, theirs));
    expect(row).toMatchObject({ status: 'open', assigneeId: null, contactedAt: null, resolvedAt: null });
    expect((await timelineOf(theirs)).map((entry) => entry.kind)).toEqual(['opened']);
    expect(await auditOf(theirs)).toEqual([]);
  });

  it('admits owners and managers only: no API key, and no session at all', async () => {
    const caseId = await detractor();
    for (const res of [
      await t.call('GET', '/api/admin/follow-ups', bearer(ADMIN_API_KEY)),
      await t.call('GET', `/api/admin/follow-ups/${caseId}`, bearer(ADMIN_API_KEY)),
      await post(bearer(ADMIN_API_KEY), caseId, 'notes', { text: 'A till' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    expect((await t.call('GET', '/api/admin/follow-ups/count', { anonymous: true })).status).toBe(401);
  });

  describe('assigning', () => {
    it('lets a manager take a case and give it back, never give it to someone else', async () => {
      const caseId = await detractor();
      const taken = await post(manager7, caseId, 'assign', { assigneeId: ids.manager7 });
      expect(taken.status).toBe(200);
      expect(taken.body.assignee).toEqual({ id: ids.manager7, name: 'Pat Lopez', email: 'pat@wash.example' });

      const toColleague = await post(manager7, caseId, 'assign', { assigneeId: ids.colleague7 });
      expect(toColleague.status).toBe(400);
      expect(toColleague.body.error).toEqual({
        code: 'validation_failed',
        message: 'Some fields are missing or invalid.',
        issues: { assigneeId: 'A manager may assign a case only to themself' },
      });

      const colleague = { anonymous: true as const, headers: await sessionOf(t, 'lee@wash.example') };
      const unassignOther = await post(colleague, caseId, 'assign', { assigneeId: null });
      expect(unassignOther.status).toBe(400);
      expect(unassignOther.body.error.issues).toEqual({ assigneeId: 'A manager may unassign only themself' });

      const given = await post(manager7, caseId, 'assign', { assigneeId: null });
      expect(given.status).toBe(200);
      expect(given.body.assignee).toBeNull();
      // A manager may take over a case nobody holds, or one a colleague holds.
      expect((await post(colleague, caseId, 'assign', { assigneeId: ids.colleague7 })).body.assignee.id).toBe(
        ids.colleague7,
      );
      expect((await post(manager7, caseId, 'assign', { assigneeId: ids.manager7 })).body.assignee.id).toBe(
        ids.manager7,
      );

      const timeline = await t.call('GET', `/api/admin/follow-ups/${caseId}`, owner);
      expect(timelineIn(timeline.body).map((entry) => [entry.kind, entry.actorName, entry.text])).toEqual([
        ['opened', null, 'Opened by a survey that scored 3 out of 10.'],
        ['assigned', 'Pat Lopez', 'Assigned to Pat Lopez.'],
        ['assigned', 'Pat Lopez', 'Unassigned.'],
        ['assigned', 'lee@wash.example', 'Assigned to lee@wash.example.'],
        ['assigned', 'Pat Lopez', 'Assigned to Pat Lopez.'],
      ]);
      expect((await auditOf(caseId)).map((row) => [row.action, row.actorId])).toEqual([
        ['follow_up_assigned', ids.manager7],
        ['follow_up_assigned', ids.manager7],
        ['follow_up_assigned', ids.colleague7],
        ['follow_up_assigned', ids.manager7],
        ['follow_up_viewed', ids.owner],
      ]);
    });

    it('lets an owner give a case to any enabled owner or manager of its site, and no one else', async () => {
      const caseId = await detractor();
      for (const assigneeId of [ids.manager9, ids.disabled7, '00000000-0000-4000-8000-000000000000']) {
        const res = await post(owner, caseId, 'assign', { assigneeId });
        expect(res.status, assigneeId).toBe(400);
        expect(res.body.error.issues).toEqual({ assigneeId: 'Choose a staff member who works at this site' });
      }
      for (const assigneeId of [ids.colleague7, ids.owner, ids.manager7]) {
        const res = await post(owner, caseId, 'assign', { assigneeId });
        expect(res.status, assigneeId).toBe(200);
        expect(res.body.assignee.id).toBe(assigneeId);
      }
      const cli = await post(bearer(CLI_KEY), caseId, 'assign', { assigneeId: null });
      expect(cli.status).toBe(200);
      expect(cli.body.assignee).toBeNull();
      const entries = await timelineOf(caseId);
      expect(entries.at(-1)).toMatchObject({ kind: 'assigned', actorKind: 'cli', actorId: null, text: 'Unassigned.' });
    });

    it('writes nothing when a case is given to whom it already has', async () => {
      const caseId = await detractor();
      await post(manager7, caseId, 'assign', { assigneeId: ids.manager7 });
      const again = await post(manager7, caseId, 'assign', { assigneeId: ids.manager7 });
      expect(again.status).toBe(200);
      expect((await timelineOf(caseId)).map((entry) => entry.kind)).toEqual(['opened', 'assigned']);
      expect((await auditOf(caseId)).map((row) => row.action)).toEqual(['follow_up_assigned']);
    });

    it('refuses a body without an assignee in words', async () => {
      const caseId = await detractor();
      const res = await post(owner, caseId, 'assign', {});
      expect(res.status).toBe(400);
      expect(res.body.error.issues).toEqual({ assigneeId: 'Choose a staff member who works at this site' });
    });

    it('filters the inbox by assignee: me, none, or a staff id', async () => {
      const caseId = await detractor();
      await post(manager7, caseId, 'assign', { assigneeId: ids.manager7 });
      const ids_ = async (caller: Caller, assignee: string) =>
        (
          (await t.call('GET', `/api/admin/follow-ups?assignee=${assignee}&limit=200`, caller)).body.results as {
            id: string;
          }[]
        ).map((row) => row.id);
      expect(await ids_(manager7, 'me')).toContain(caseId);
      expect(await ids_(owner, ids.manager7)).toContain(caseId);
      expect(await ids_(owner, 'none')).not.toContain(caseId);
      expect(await ids_(owner, 'me')).not.toContain(caseId);
      const wrong = await t.call('GET', '/api/admin/follow-ups?assignee=pat&status=done', owner);
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.issues).toEqual({
        assignee: 'assignee is a staff id, me or none',
        status: 'status is open, contacted, resolved or active (open or contacted)',
      });
    });
  });

  describe('working a case to its end', () => {
    it('marks it contacted (keeping the first contact’s time), takes notes, and resolves it with a root cause', async () => {
      const caseId = await detractor();
      const contacted = await post(manager7, caseId, 'contact', { note: ' Called, left a voicemail ' });
      expect(contacted.status).toBe(200);
      expect(contacted.body).toMatchObject({ status: 'contacted', overdue: false });
      const firstContact = contacted.body.contactedAt as string;
      expect(Date.parse(firstContact)).not.toBeNaN();

      const again = await post(manager7, caseId, 'contact', {});
      expect(again.body).toMatchObject({ status: 'contacted', contactedAt: firstContact });

      const noted = await post(manager7, caseId, 'notes', { text: 'Offered a free wash' });
      expect(noted.status).toBe(200);

      const unexplained = await post(manager7, caseId, 'resolve', { rootCause: 'scratches' });
      expect(unexplained.status).toBe(400);
      expect(unexplained.body.error.issues).toEqual({
        rootCause: 'Choose a root cause',
        note: 'Say what was done (at most 2000 characters)',
      });

      const resolved = await post(manager7, caseId, 'resolve', { rootCause: 'damage', note: 'Paid for the mirror' });
      expect(resolved.status).toBe(200);
      expect(resolved.body).toMatchObject({
        status: 'resolved',
        rootCause: 'damage',
        resolutionNote: 'Paid for the mirror',
        contactedAt: firstContact,
      });
      expect(Date.parse(resolved.body.resolvedAt)).toBeGreaterThanOrEqual(Date.parse(firstContact));
      expect(timelineIn(resolved.body).map((entry) => [entry.kind, entry.actorId, entry.text])).toEqual([
        ['opened', null, 'Opened by a survey that scored 3 out of 10.'],
        ['contacted', ids.manager7, 'Called, left a voicemail'],
        ['contacted', ids.manager7, ''],
        ['note', ids.manager7, 'Offered a free wash'],
        ['resolved', ids.manager7, 'Paid for the mirror'],
      ]);
      expect((await auditOf(caseId)).map((row) => row.action)).toEqual([
        'follow_up_contacted',
        'follow_up_contacted',
        'follow_up_noted',
        'follow_up_resolved',
      ]);
    });

    it('refuses to assign, contact or resolve a resolved case (409), and still takes a note', async () => {
      const caseId = await detractor();
      // Straight from open to resolved: the member may have called in themself.
      expect((await post(owner, caseId, 'resolve', { rootCause: 'wait_time', note: 'They called us' })).status).toBe(
        200,
      );
      for (const [action, json] of [
        ['contact', {}],
        ['assign', { assigneeId: ids.owner }],
        ['resolve', { rootCause: 'other', note: 'Again' }],
      ] as const) {
        const res = await post(owner, caseId, action, json);
        expect(res.status, action).toBe(409);
        expect(res.body.error).toEqual(CLOSED);
      }
      const [row] = await t.database.db.select().from(followUpCases).where(eq(followUpCases.id, caseId));
      expect(row).toMatchObject({ status: 'resolved', rootCause: 'wait_time', assigneeId: null, contactedAt: null });
      const noted = await post(owner, caseId, 'notes', { text: 'They came back the next week' });
      expect(noted.status).toBe(200);
      expect(timelineIn(noted.body).map((entry) => entry.kind)).toEqual(['opened', 'resolved', 'note']);
    });

    it('refuses an empty note and one that is too long, in words, writing nothing', async () => {
      const caseId = await detractor();
      for (const text of ['  ', 'x'.repeat(2001)]) {
        const res = await post(manager7, caseId, 'notes', { text });
        expect(res.status).toBe(400);
        expect(res.body.error.issues).toEqual({ text: 'Write a note of at most 2000 characters' });
      }
      expect((await timelineOf(caseId)).map((entry) => entry.kind)).toEqual(['opened']);
    });

    it('tells receivers with follow_up.opened and follow_up.resolved events of ids only', async () => {
      const { surveyId, caseId } = await survey(member7);
      await post(manager7, caseId!, 'resolve', { rootCause: 'equipment', note: 'Brush replaced' });
      const events = await t.database.db
        .select()
        .from(outboxEvents)
        .where(inArray(outboxEvents.type, ['follow_up.opened', 'follow_up.resolved']));
      const about = events
        .map((row) => JSON.parse(row.body) as { type: string; data: { followUp: Record<string, unknown> } })
        .filter((body) => body.data.followUp.id === caseId);
      expect(about.map((body) => body.type)).toEqual(['follow_up.opened', 'follow_up.resolved']);
      const [opened, resolved] = about;
      expect(Object.keys(opened!.data)).toEqual(['followUp']);
      expect(opened!.data.followUp).toMatchObject({
        status: 'open',
        siteId: '7',
        surveyId,
        memberId: member7,
        resolvedAt: null,
        rootCause: null,
      });
      expect(resolved!.data.followUp).toMatchObject({
        id: caseId,
        status: 'resolved',
        rootCause: 'equipment',
        openedAt: opened!.data.followUp.openedAt,
        dueAt: opened!.data.followUp.dueAt,
      });
      expect(Object.keys(resolved!.data.followUp)).toEqual([
        'id',
        'status',
        'siteId',
        'surveyId',
        'memberId',
        'openedAt',
        'dueAt',
        'resolvedAt',
        'rootCause',
      ]);
      const text = JSON.stringify(about).toLowerCase();
      for (const personal of ['dana', 'whitfield', 'example.com', '2015550171', 'harbor', 'brush replaced']) {
        expect(text).not.toContain(personal);
      }
    });
  });

  it('counts a manager’s open and overdue cases for the navigation', async () => {
    const before = (await t.call('GET', '/api/admin/follow-ups/count', manager7)).body as {
      open: number;
      overdue: number;
    };
    const caseId = await detractor();
    // Due in the past: overdue until someone contacts the member.
    await t.database.db
      .update(followUpCases)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(followUpCases.id, caseId));
    expect((await t.call('GET', '/api/admin/follow-ups/count', manager7)).body).toEqual({
      open: before.open + 1,
      overdue: before.overdue + 1,
    });
    // Among the cases nobody holds yet (the manager's own come first), the overdue one leads.
    const inbox = await t.call('GET', '/api/admin/follow-ups?status=open&assignee=none&limit=1', manager7);
    expect(inbox.body.results[0]).toMatchObject({ id: caseId, overdue: true });
    await post(manager7, caseId, 'contact', {});
    expect((await t.call('GET', '/api/admin/follow-ups/count', manager7)).body).toEqual(before);
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, caseId), eq(auditEvents.action, 'follow_up_contacted')));
    expect(rows).toHaveLength(1);
  });
});
