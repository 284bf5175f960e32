import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it as vitestIt } from 'vitest';
import { customerSchema } from '../../../../src/domain/customer';
import type { FollowUpDetail, FollowUpSummary } from '../../../../src/domain/follow-ups';
import type { MemberSummary } from '../../../../src/domain/members';
import { completeProfile } from '../../../../server/features/customers/complete-profile';
import { followUpCases, outboxEvents } from '../../../../server/platform/db/schema';
import { twilioSignature } from '../../../../server/platform/outbound/twilio-signature';
import { addStaff, sessionOf } from '../../helpers/staff-session';
import { startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';
import { DRIVERS } from '../../helpers/test-database';

// A member's text that is not a keyword reaches someone at their site (decision 045).

const TOKEN = 'twilio-test-auth-token';
const OUR_NUMBER = '+15005550006';
const PATH = '/api/integrations/twilio/messages';
let sids = 0;

/** The tests of one engine share their app and its rows, in order. */
const it = vitestIt.sequential;

describe.each(DRIVERS)('cases opened by texts on %s', (driver) => {
  let t: TestApp;
  let manager7: Record<string, string>;
  let manager9: Record<string, string>;
  let memberId = '';
  let manager7Id = '';

  const text = async (from: string, body: string) => {
    const sid = `SM${String(++sids).padStart(32, '0')}`;
    const params = { MessageSid: sid, AccountSid: `AC${'0'.repeat(32)}`, From: from, To: OUR_NUMBER, Body: body };
    const res = await t.app.request(PATH, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(TOKEN, `https://club.example${PATH}`, params),
      },
      body: new URLSearchParams(params).toString(),
    });
    expect(res.status).toBe(200);
  };
  const inbox = async (who: Record<string, string>) => {
    const res = await t.call('GET', '/api/admin/follow-ups', { anonymous: true, headers: who });
    expect(res.status).toBe(200);
    return res.body.results as FollowUpSummary[];
  };
  const caseOf = async (id: string, who: Record<string, string>) =>
    (await t.call('GET', `/api/admin/follow-ups/${id}`, { anonymous: true, headers: who })).body as FollowUpDetail;
  const casesOfMember = () => t.database.db.select().from(followUpCases).where(eq(followUpCases.customerId, memberId));

  beforeAll(async () => {
    t = await startTestApp(driver, {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: OUR_NUMBER,
    });
    manager7Id = (await addStaff(t, { email: 'site7@wash.example', role: 'manager', sites: ['7'] })).id;
    await addStaff(t, { email: 'site9@wash.example', role: 'manager', sites: ['9'] });
    manager7 = await sessionOf(t, 'site7@wash.example');
    manager9 = await sessionOf(t, 'site9@wash.example');
    const issued = await t.issue({ mobileNumber: '+12015550190', siteId: '7' });
    const profile = v.parse(
      customerSchema,
      validCustomer(issued.registration.id, { isSubscribedToSmsMessaging: true }),
    );
    memberId = (await t.database.db.transaction((tx) => completeProfile(tx, profile))).id;
  });
  afterAll(() => t.close());

  it('opens nothing for a keyword alone, nor for a number no member has', async () => {
    await text('+12015550190', 'HELP');
    await text('+12015550199', 'Where is my receipt?');
    expect(await casesOfMember()).toEqual([]);
    expect(await inbox(manager7)).toEqual([]);
  });

  it("opens a case at the member's site with their words, seen in that site's inbox only", async () => {
    await text('+12015550190', 'The dryer scratched my door, can someone call me?');
    const [opened] = await inbox(manager7);
    expect(opened).toMatchObject({ memberId, siteId: '7', status: 'open', surveyId: null, recommendScore: null });
    expect(await inbox(manager9)).toEqual([]);
    const detail = await caseOf(opened!.id, manager7);
    expect(detail.survey).toBeNull();
    expect(detail.timeline).toMatchObject([
      { kind: 'text_received', message: { body: 'The dryer scratched my door, can someone call me?' } },
    ]);
    const events = await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'follow_up.opened'));
    expect(events.map((row) => JSON.parse(row.body) as { data: { followUp: { id: string } } })).toMatchObject([
      { data: { followUp: { id: opened!.id, surveyId: null } } },
    ]);
  });

  it('adds a later text, an opt-out word within words included, to the case in hand', async () => {
    await text('+12015550190', 'Please stop texting me offers though');
    const cases = await casesOfMember();
    expect(cases).toHaveLength(1);
    const detail = await caseOf(cases[0]!.id, manager7);
    expect(detail.timeline.map((entry) => entry.message?.body)).toEqual([
      'The dryer scratched my door, can someone call me?',
      'Please stop texting me offers though',
    ]);
  });

  it('opens a new case once the last is resolved, and STOP alone marks the member opted out in the list', async () => {
    const [current] = await casesOfMember();
    const resolved = await t.call('POST', `/api/admin/follow-ups/${current!.id}/resolve`, {
      anonymous: true,
      headers: manager7,
      json: { rootCause: 'damage', note: 'Called back and paid for the door.' },
    });
    expect(resolved.status).toBe(200);
    await text('+12015550190', 'STOP');
    expect(await casesOfMember()).toHaveLength(1);
    const members = await t.call('GET', '/api/admin/members', { anonymous: true, headers: manager7 });
    expect((members.body.results as MemberSummary[]).find((m) => m.id === memberId)?.smsOptedOut).toBe(true);

    await text('+12015550190', 'Thanks, all good now');
    const cases = await casesOfMember();
    expect(cases.map((row) => row.status).sort()).toEqual(['open', 'resolved']);
  });

  it("opens the inbox on what needs someone, the viewer's own first", async () => {
    const open = await inbox(manager7);
    const [newest] = await casesOfMember().then((rows) => rows.filter((row) => row.status === 'open'));
    const active = await t.call('GET', '/api/admin/follow-ups?status=active', { anonymous: true, headers: manager7 });
    expect((active.body.results as FollowUpSummary[]).map((row) => row.status)).toEqual(['open']);
    expect(open.map((row) => row.status).sort()).toEqual(['open', 'resolved']);
    const other = await t.issue({ mobileNumber: '+12015550191', siteId: '7' });
    const profile = v.parse(customerSchema, validCustomer(other.registration.id, { email: 'b@example.com' }));
    await t.database.db.transaction((tx) => completeProfile(tx, profile));
    await text('+12015550191', 'My card was charged twice');
    // The older case comes first until the manager takes the newer one: then theirs leads.
    const before = (await t.call('GET', '/api/admin/follow-ups?status=active', { anonymous: true, headers: manager7 }))
      .body.results as FollowUpSummary[];
    expect(before[0]!.id).toBe(newest!.id);
    const later = before[1]!;
    const me = await t.call('POST', `/api/admin/follow-ups/${later.id}/assign`, {
      anonymous: true,
      headers: manager7,
      json: { assigneeId: manager7Id },
    });
    expect(me.status).toBe(200);
    const after = (await t.call('GET', '/api/admin/follow-ups?status=active', { anonymous: true, headers: manager7 }))
      .body.results as FollowUpSummary[];
    expect(after.map((row) => row.id)).toEqual([later.id, newest!.id]);
  });
});
