import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it as vitestIt } from 'vitest';
import { customerSchema } from '../../../../src/domain/customer';
import { surveySchema } from '../../../../src/domain/survey';
import { completeProfile } from '../../../../server/features/customers/complete-profile';
import { followUpCases, followUpEvents, sites, staff } from '../../../../server/platform/db/schema';
import { dueInWords } from '../../../../server/features/follow-ups/alerts/alert-words';
import { escalateOverdue } from '../../../../server/features/follow-ups/alerts/escalate-overdue';
import { QUEUES } from '../../../../server/platform/jobs/queues';
import { newId } from '../../../../server/platform/values/tokens';
import { recordSurvey } from '../../../../server/features/surveys/record-survey';
import { validCustomer } from '../../../fixtures/customer';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { DRIVERS, EMBEDDED_ONLY } from '../../helpers/test-database';
import { jobsSettled } from '../integrations/support/pending-jobs';
import { endAlertWindows } from './support/alert-windows';
import { retryFaster } from '../integrations/support/retry-faster';
import { startMailCatcher, type MailCatcher } from '../../../support/mail-catcher';

// Issue 25, part 2: the alert email when a case opens, and the owners' email when it slips past its due time.

/** Contact details no alert may carry, distinctive enough that finding them anywhere in a message is no accident. */
const MEMBER = {
  firstName: 'Philippa',
  lastName: 'Quenby',
  email: 'philippa.quenby.7731@example.org',
  address: '98765 Quillfeather Boulevard',
  address2: 'Suite 4417',
  city: 'Zanesborough',
  postalCode: '62799',
};
const MOBILE = '+12015557731';
/** 200 characters, then a tail the alert must leave out. */
const COMMENT_HEAD = `Brushes scratched my mirror and nobody at the counter cared. ${'x'.repeat(200)}`.slice(0, 200);
const COMMENT = `${COMMENT_HEAD}TAIL-NEVER-SENT and more words after the cut.`;
const SCORES = { recommendToOthersScore: 3, washQualityScore: 4, cleanlinessScore: 8, serviceScore: 2, valueScore: 5 };

/**
 * The engines' suites run side by side (describe.concurrent), as much of their time is spent waiting for a retry;
 * within each, the tests run one after the other, sharing its app and mail server.
 */
const it = vitestIt.sequential;

describe.concurrent.each(DRIVERS)('follow-up alert emails on %s', (driver) => {
  let t: TestApp;
  let smtp: MailCatcher;
  let phone = 0;
  beforeAll(async () => {
    smtp = await startMailCatcher();
    t = await startTestApp(
      driver,
      { SMTP_URL: smtp.url, MAIL_FROM: 'Club Alerts <alerts@club.example>' },
      {
        integrations: true,
      },
    );
    await retryFaster(t.database);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  // Each test starts with every recipient's window over and nothing held back for them (decision 039).
  beforeEach(async () => {
    await endAlertWindows(t.database);
    expect(await jobsSettled(t.database, QUEUES.followUpDigest, {})).toBe(0);
    smtp.mails.splice(0);
  });

  const addStaff = async (
    role: 'owner' | 'manager',
    email: string,
    sites: string[] = [],
    disabled = false,
    language = 'en',
  ) => {
    await t.database.db.insert(staff).values({ id: newId(), name: email, email, role, sites, disabled, language });
  };

  /** A member of `siteId` (named `siteName`) who answers the survey with SCORES and COMMENT: the case it opens. */
  const detractorAt = async (siteId: string, siteName: string) => {
    phone += 1;
    const issued = await t.issue({ siteId, mobileNumber: phone === 1 ? MOBILE : `+1201555${7731 + phone}` });
    await t.database.db.update(sites).set({ name: siteName, named: true }).where(eq(sites.id, siteId));
    const customer = await t.database.db.transaction((tx) =>
      completeProfile(tx, v.parse(customerSchema, validCustomer(issued.registration.id, MEMBER))),
    );
    const survey = await t.database.db.transaction((tx) =>
      recordSurvey(tx, v.parse(surveySchema, { customerId: customer.id, ...SCORES, comments: COMMENT }), {
        followUpHours: 48,
      }),
    );
    const [opened] = await t.database.db.select().from(followUpCases).where(eq(followUpCases.surveyId, survey.id));
    return opened!;
  };

  const mailsAbout = (caseId: string) => smtp.mails.filter((mail) => mail.text.includes(caseId));

  it("emails the site's enabled managers, with the site, the five scores, 200 characters and the link, nothing of the member's", async () => {
    await addStaff('manager', 'north.manager@club.example', ['north-1']);
    await addStaff('manager', 'north.second@club.example', ['south-2', 'north-1']);
    await addStaff('manager', 'north.disabled@club.example', ['north-1'], true);
    await addStaff('manager', 'south.manager@club.example', ['south-2']);
    await addStaff('owner', 'owner@club.example');
    const opened = await detractorAt('north-1', 'Northgate Express');
    expect(await jobsSettled(t.database, QUEUES.followUpAlert, { caseId: opened.id })).toBe(0);

    const mails = mailsAbout(opened.id);
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      ['north.manager@club.example'],
      ['north.second@club.example'],
    ]);
    for (const mail of mails) {
      expect(mail.raw).toMatch(/^From: Club Alerts <alerts@club\.example>$/m);
      expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
      expect(mail.subject).toBe('Follow-up needed at Northgate Express: a member rated 3/10');
      expect(mail.text).toBe(
        [
          `A member of Northgate Express answered the survey as a detractor. Please contact them by ${dueInWords(opened.dueAt, 'America/New_York', 'en')}.`,
          '',
          `Open the case: https://club.example/admin/follow-ups/${opened.id}`,
          '',
          'Recommend to others: 3/10',
          'Wash quality: 4/10',
          'Cleanliness: 8/10',
          'Service: 2/10',
          'Value: 5/10',
          '',
          'Comment:',
          `> ${COMMENT_HEAD}…`,
          '',
        ].join('\n'),
      );
      expect(mail.html).toContain(`href="https://club.example/admin/follow-ups/${opened.id}"`);
      expect(mail.html).toContain(`${COMMENT_HEAD}…`);
      for (const secret of [
        ...Object.values(MEMBER),
        MOBILE,
        MOBILE.slice(2),
        '555-7731',
        '5557731',
        'TAIL-NEVER-SENT',
        'Quenby',
        'quillfeather',
      ]) {
        for (const shown of [mail.raw, mail.text, mail.html]) {
          expect(shown.toLowerCase(), secret).not.toContain(secret.toLowerCase());
        }
      }
    }
  });

  it("writes the due time on each site's clock, in each recipient's language", async () => {
    await addStaff('manager', 'west.manager@club.example', ['west-9']);
    await addStaff('manager', 'west.gerente@club.example', ['west-9'], false, 'es');
    await addStaff('manager', 'east9.manager@club.example', ['east-9']);
    await t.database.db.insert(sites).values([
      { id: 'west-9', name: 'Sunset Blvd', named: true, timeZone: 'America/Los_Angeles' },
      { id: 'east-9', name: 'Main Street', named: true, timeZone: 'America/New_York' },
    ]);
    const west = await detractorAt('west-9', 'Sunset Blvd');
    const east = await detractorAt('east-9', 'Main Street');
    expect(await jobsSettled(t.database, QUEUES.followUpAlert, {})).toBe(0);

    const to = (address: string) => smtp.mails.find((mail) => mail.to.includes(address))!;
    expect(to('west.manager@club.example').text.split('\n')[0]).toBe(
      `A member of Sunset Blvd answered the survey as a detractor. Please contact them by ${dueInWords(west.dueAt, 'America/Los_Angeles', 'en')}.`,
    );
    expect(dueInWords(west.dueAt, 'America/Los_Angeles', 'en')).toMatch(/^\w+day \d+ \w+, \d+:\d\d [AP]M P[SD]T$/);
    expect(to('west.gerente@club.example').subject).toBe('Seguimiento necesario en Sunset Blvd: un miembro puso 3/10');
    expect(to('west.gerente@club.example').text.split('\n')[0]).toBe(
      `Un miembro de Sunset Blvd respondió la encuesta como detractor. Contáctelo antes del ${dueInWords(west.dueAt, 'America/Los_Angeles', 'es')}.`,
    );
    expect(to('east9.manager@club.example').text).toContain(
      `Please contact them by ${dueInWords(east.dueAt, 'America/New_York', 'en')}.`,
    );
    expect(dueInWords(east.dueAt, 'America/New_York', 'en')).toMatch(/ E[SD]T$/);
  });

  it('emails the enabled owners when the site has no enabled manager', async () => {
    await addStaff('owner', 'second.owner@club.example');
    await addStaff('owner', 'former.owner@club.example', [], true);
    await addStaff('manager', 'lake.disabled@club.example', ['lake-3'], true);
    const opened = await detractorAt('lake-3', 'Lakeside');
    expect(await jobsSettled(t.database, QUEUES.followUpAlert, { caseId: opened.id })).toBe(0);
    const mails = mailsAbout(opened.id);
    expect(mails.map((mail) => mail.to).sort()).toEqual([['owner@club.example'], ['second.owner@club.example']]);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Follow-up needed at Lakeside: a member rated 3/10',
      'Follow-up needed at Lakeside: a member rated 3/10',
    ]);
  });

  it('retries while the SMTP server refuses, and sends once it accepts', async () => {
    await addStaff('manager', 'east.manager@club.example', ['east-4']);
    smtp.refuseNext(451, 2);
    const opened = await detractorAt('east-4', 'Eastgate');
    expect(await jobsSettled(t.database, QUEUES.followUpAlert, { caseId: opened.id })).toBe(0);
    expect(mailsAbout(opened.id).map((mail) => mail.to)).toEqual([['east.manager@club.example']]);
    const retries = t.logs.filter((line) => line.includes('follow_up_alert_retry') && line.includes(opened.id));
    expect(retries).toHaveLength(2);
    expect(retries[0]).toContain('"smtpCode":451');
    // Logs name the case, never an address or the comment.
    expect(t.logs.join('\n')).not.toMatch(/@club\.example|Brushes|philippa/i);
  });

  it('emails a recipient once a window, and gathers the cases of the window into one digest sent when it ends', async () => {
    await addStaff('manager', 'bay.manager@club.example', ['bay-5']);
    const toBay = () => smtp.mails.filter((mail) => mail.to.includes('bay.manager@club.example'));
    const cases = [];
    for (let n = 0; n < 4; n += 1) {
      const opened = await detractorAt('bay-5', 'Bayview');
      expect(await jobsSettled(t.database, QUEUES.followUpAlert, { caseId: opened.id })).toBe(0);
      cases.push(opened);
    }
    const [first, ...held] = cases.map((c) => c.id);
    expect(toBay().map((mail) => mail.subject)).toEqual(['Follow-up needed at Bayview: a member rated 3/10']);
    expect(toBay()[0]!.text).toContain(`Open the case: https://club.example/admin/follow-ups/${first}`);

    await endAlertWindows(t.database);
    expect(await jobsSettled(t.database, QUEUES.followUpDigest, {})).toBe(0);
    const [, digest, ...more] = toBay();
    expect(more).toEqual([]);
    expect(digest!.subject).toBe('Follow-ups needed: 3 new cases');
    const links = digest!.text.split('\n').filter((line) => line.includes('Open the case:'));
    expect(links).toEqual(held.map((id) => `   Open the case: https://club.example/admin/follow-ups/${id}`));
    expect(digest!.html).toContain(`href="https://club.example/admin/follow-ups/${held[2]}"`);
  });

  it("checks for overdue cases every minute, on pg-boss's clock", async () => {
    const result: unknown = await t.database.db.execute(
      sql`select cron, timezone from pgboss.schedule where name = ${QUEUES.followUpEscalation}`,
    );
    expect((result as { rows: unknown[] }).rows).toEqual([{ cron: '* * * * *', timezone: 'UTC' }]);
  });

  it('escalates a case still open past its due time once, to the enabled owners, even when two checks race', async () => {
    const overdue = await detractorAt('north-1', 'Northgate Express');
    const contacted = await detractorAt('north-1', 'Northgate Express');
    const resolved = await detractorAt('north-1', 'Northgate Express');
    const past = new Date(Date.now() - 60_000);
    for (const c of [overdue, contacted, resolved]) {
      await t.database.db.update(followUpCases).set({ dueAt: past }).where(eq(followUpCases.id, c.id));
    }
    await t.database.db
      .update(followUpCases)
      .set({ status: 'contacted', contactedAt: past })
      .where(eq(followUpCases.id, contacted.id));
    await t.database.db
      .update(followUpCases)
      .set({ status: 'resolved', contactedAt: past, resolvedAt: past, rootCause: 'damage', resolutionNote: 'Paid' })
      .where(eq(followUpCases.id, resolved.id));
    for (const c of [overdue, contacted, resolved]) {
      expect(await jobsSettled(t.database, QUEUES.followUpAlert, { caseId: c.id })).toBe(0);
    }
    smtp.mails.splice(0);

    const now = new Date();
    const [first, second] = await Promise.all([
      escalateOverdue(t.database.db, now),
      escalateOverdue(t.database.db, now),
    ]);
    expect([...first, ...second].filter((id) => id === overdue.id)).toEqual([overdue.id]);
    expect(await escalateOverdue(t.database.db, new Date())).not.toContain(overdue.id);
    expect(await jobsSettled(t.database, QUEUES.followUpAlert, { caseId: overdue.id, kind: 'overdue' })).toBe(0);

    const mails = mailsAbout(overdue.id);
    expect(mails.map((mail) => mail.to).sort()).toEqual([['owner@club.example'], ['second.owner@club.example']]);
    for (const mail of mails) {
      expect(mail.subject).toBe('Overdue follow-up at Northgate Express: a member rated 3/10');
      expect(mail.text).toContain(
        `still open past its due time (${dueInWords(past, 'America/New_York', 'en')}): nobody has contacted the member yet.`,
      );
      expect(mail.text).toContain(`Open the case: https://club.example/admin/follow-ups/${overdue.id}`);
      expect(mail.raw).not.toContain(MEMBER.email);
    }
    expect(mailsAbout(contacted.id)).toEqual([]);
    expect(mailsAbout(resolved.id)).toEqual([]);

    const rows = await t.database.db.select().from(followUpCases).where(eq(followUpCases.id, overdue.id));
    expect(rows[0]!.escalatedAt).toEqual(now);
    const entries = await t.database.db
      .select()
      .from(followUpEvents)
      .where(and(eq(followUpEvents.caseId, overdue.id), eq(followUpEvents.kind, 'escalated')));
    expect(entries).toEqual([
      expect.objectContaining({
        actorKind: 'system',
        actorId: null,
        at: now,
        text: 'Overdue: still open past its due time, so it was escalated to the owners.',
      }),
    ]);
    for (const c of [contacted, resolved]) {
      const [row] = await t.database.db.select().from(followUpCases).where(eq(followUpCases.id, c.id));
      expect(row!.escalatedAt).toBeNull();
    }
  });
});

describe.each(EMBEDDED_ONLY)('follow-up alerts without SMTP_URL on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, {}, { integrations: true });
  });
  afterAll(() => t.close());

  it('opens the case, sends nothing and logs no error', async () => {
    const issued = await t.issue({ siteId: 'north-1' });
    const customer = await t.database.db.transaction((tx) =>
      completeProfile(tx, v.parse(customerSchema, validCustomer(issued.registration.id))),
    );
    const survey = await t.database.db.transaction((tx) =>
      recordSurvey(tx, v.parse(surveySchema, { customerId: customer.id, ...SCORES, comments: COMMENT })),
    );
    const [opened] = await t.database.db.select().from(followUpCases).where(eq(followUpCases.surveyId, survey.id));
    expect(opened!.status).toBe('open');
    expect(await jobsSettled(t.database, QUEUES.followUpAlert, { caseId: opened!.id })).toBe(0);
    expect(t.logs.filter((line) => /follow_up_alert|error/.test(line))).toEqual([]);
  });
});
