import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/platform/db/client';
import { followUpCases, staff } from '../../../../server/platform/db/schema';
import { mailRecipient } from '../../../../server/features/follow-ups/alerts/recipient-mail';
import { sendAlert } from '../../../../server/features/follow-ups/alerts/send-alert';
import type { MailMessage, Mailer } from '../../../../server/platform/mail/mailer';
import { caseSeeder } from '../../helpers/seed-cases';
import { DRIVERS, EMBEDDED_ONLY, openTestDatabase } from '../../helpers/test-database';
import { endAlertWindows } from './support/alert-windows';

const context = (database: Database, mailer: Mailer | undefined) => ({
  db: database.db,
  mailer,
  publicUrl: 'https://club.example',
  windowMinutes: 5,
  phoneCountry: 'US' as const,
});

/** The cases an alert or digest links, in its order. */
const casesIn = (mail: MailMessage) => [...mail.text.matchAll(/^ *Open the case: \S+\/(case-\d+)$/gm)].map((m) => m[1]);

/** A mailer that keeps what it is asked to send. */
function keepingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    send: (message) => {
      sent.push(message);
      return Promise.resolve();
    },
    close: () => {},
  };
}

// Which cases get which alert, and to whom, asked of the service directly (the mail itself and its retries are in
// follow-up-alerts.test.ts). The rules are SQL-free choices: the embedded database only.
describe.each(EMBEDDED_ONLY)('which alert a case gets, on %s', (driver) => {
  let database: Database;
  let ids: Record<'open' | 'contacted' | 'resolved' | 'lonely', string>;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const followUp = caseSeeder(database);
    const times = { opened: '2026-11-02T10:00:00', due: '2026-11-04T10:00:00' };
    ids = {
      open: await followUp({ site: '7', ...times }),
      contacted: await followUp({ site: '7', ...times, contacted: '2026-11-02T11:00:00' }),
      resolved: await followUp({ site: '7', ...times, resolved: '2026-11-02T12:00:00', rootCause: 'staff' }),
      // A site nobody manages, in a database with no owner yet (added below).
      lonely: await followUp({ site: '9', ...times }),
    };
    await database.db.insert(staff).values([
      { id: 'm7', email: 'manager7@wash.example', role: 'manager', sites: ['7'] },
      { id: 'm7-off', email: 'gone7@wash.example', role: 'manager', sites: ['7'], disabled: true },
    ]);
  });
  afterAll(() => database.close());

  const send = async (mailer: Mailer | undefined, caseId: string, kind: 'opened' | 'overdue') => {
    // Every alert here is the first its recipients get in a while: the window is another suite's subject.
    await endAlertWindows(database);
    return sendAlert(context(database, mailer), { caseId, kind });
  };

  it('sends nothing without a mailer (SMTP_URL unset), and nothing for a case that is gone', async () => {
    expect(await send(undefined, ids.open, 'opened')).toBe('skipped');
    const mailer = keepingMailer();
    expect(await send(mailer, 'case-erased', 'opened')).toBe('skipped');
    expect(mailer.sent).toEqual([]);
  });

  it('tells the site’s enabled managers of a new case, even once someone has contacted the member', async () => {
    const mailer = keepingMailer();
    expect(await send(mailer, ids.open, 'opened')).toBe('recorded');
    expect(await send(mailer, ids.contacted, 'opened')).toBe('recorded');
    expect(mailer.sent.map((mail) => mail.to)).toEqual([['manager7@wash.example'], ['manager7@wash.example']]);
  });

  it('sends no alert about a resolved case, and escalates only a case still open', async () => {
    const mailer = keepingMailer();
    expect(await send(mailer, ids.resolved, 'opened')).toBe('skipped');
    expect(await send(mailer, ids.resolved, 'overdue')).toBe('skipped');
    expect(await send(mailer, ids.contacted, 'overdue')).toBe('skipped');
    expect(mailer.sent).toEqual([]);
  });

  it('has nobody to tell at a site with no manager until there is an owner, who is told then', async () => {
    const mailer = keepingMailer();
    expect(await send(mailer, ids.lonely, 'opened')).toBe('skipped');
    expect(await send(mailer, ids.open, 'overdue')).toBe('skipped');
    await database.db.insert(staff).values({ id: 'o1', email: 'owner@wash.example', role: 'owner', sites: [] });
    expect(await send(mailer, ids.lonely, 'opened')).toBe('recorded');
    expect(await send(mailer, ids.open, 'overdue')).toBe('recorded');
    expect(mailer.sent.map((mail) => mail.to)).toEqual([['owner@wash.example'], ['owner@wash.example']]);
  });
});

// The budget of one email a window per recipient is held by the database (a conditional upsert of the recipient's
// window), so workers on several instances racing for one recipient send one email between them (decision 039).
describe.each(DRIVERS)('one alert email a window per recipient, on %s', (driver) => {
  let database: Database;
  let cases: string[];
  /** What the racing alerts sent at once. */
  const first = keepingMailer();
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const followUp = caseSeeder(database, 100);
    cases = [];
    for (let n = 0; n < 10; n += 1) {
      cases.push(await followUp({ site: '4', opened: '2026-11-02T10:00:00', due: '2099-11-04T10:00:00' }));
    }
    await database.db.insert(staff).values([
      { id: 'm4', email: 'manager4@wash.example', role: 'manager', sites: ['4'] },
      { id: 'm4-b', email: 'second4@wash.example', role: 'manager', sites: ['4'] },
    ]);
  });
  afterAll(() => database.close());

  const toManager = (mailer: { sent: MailMessage[] }) =>
    mailer.sent.filter((mail) => mail.to.includes('manager4@wash.example'));

  it('sends each recipient one email when several alerts race, and holds back those that come after it', async () => {
    const outcomes = await Promise.all(
      cases.slice(0, 5).map((caseId) => sendAlert(context(database, first), { caseId, kind: 'opened' })),
    );
    expect(outcomes).toEqual(Array(5).fill('recorded'));
    // Whichever alerts had been recorded when the first email went are in it; the rest wait for the window's end.
    expect(first.sent.map((mail) => mail.to).sort()).toEqual([['manager4@wash.example'], ['second4@wash.example']]);
    expect(await sendAlert(context(database, first), { caseId: cases[5]!, kind: 'opened' })).toBe('recorded');
    expect(await mailRecipient(context(database, first), 'm4')).toBe('held');
    expect(first.sent).toHaveLength(2);
  });

  it('sends what was held back in one digest once the window ends, however many digest jobs race for it', async () => {
    // A retried alert job records its alerts again: nothing already sent or held is sent now.
    const again = keepingMailer();
    await Promise.all(
      cases.slice(0, 6).map((caseId) => sendAlert(context(database, again), { caseId, kind: 'opened' })),
    );
    expect(again.sent).toEqual([]);
    await endAlertWindows(database);
    const mailer = keepingMailer();
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => mailRecipient(context(database, mailer), 'm4')));
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(1);
    const [digest, ...others] = toManager(mailer);
    expect(others).toEqual([]);
    expect(await mailRecipient(context(database, mailer), 'm4')).toBe('nothing');
    // With the email the window began with, every case reached the manager once.
    const [opening] = toManager(first);
    expect([...casesIn(opening!), ...casesIn(digest!)].sort()).toEqual(cases.slice(0, 6).sort());
  });

  it('leaves out of a digest a case resolved meanwhile, and sends none when nothing is left', async () => {
    await endAlertWindows(database);
    const mailer = keepingMailer();
    await sendAlert(context(database, mailer), { caseId: cases[6]!, kind: 'opened' });
    await sendAlert(context(database, mailer), { caseId: cases[7]!, kind: 'opened' });
    expect(toManager(mailer).map(casesIn)).toEqual([[cases[6]]]);
    await database.db.update(followUpCases).set({ status: 'resolved' }).where(eq(followUpCases.id, cases[7]!));
    await endAlertWindows(database);
    expect(await mailRecipient(context(database, mailer), 'm4')).toBe('nothing');
    expect(toManager(mailer)).toHaveLength(1);
  });

  it('gives the window back and keeps the alert waiting when the SMTP server refuses, and sends it on the retry', async () => {
    await endAlertWindows(database);
    const refusing: Mailer = {
      send: () => Promise.reject(Object.assign(new Error('Try again later'), { responseCode: 451 })),
      close: () => undefined,
    };
    await expect(sendAlert(context(database, refusing), { caseId: cases[0]!, kind: 'overdue' })).resolves.toBe(
      'skipped',
    );
    await database.db.insert(staff).values({ id: 'o4', email: 'owner4@wash.example', role: 'owner', sites: [] });
    await expect(sendAlert(context(database, refusing), { caseId: cases[0]!, kind: 'overdue' })).rejects.toThrow(
      'Try again later',
    );
    const mailer = keepingMailer();
    expect(await sendAlert(context(database, mailer), { caseId: cases[0]!, kind: 'overdue' })).toBe('recorded');
    expect(mailer.sent.map((mail) => [mail.to, casesIn(mail)])).toEqual([[['owner4@wash.example'], [cases[0]]]]);
  });

  it('drops what waits for someone disabled meanwhile, and sends the others theirs', async () => {
    await endAlertWindows(database);
    const mailer = keepingMailer();
    await sendAlert(context(database, mailer), { caseId: cases[8]!, kind: 'opened' });
    await sendAlert(context(database, mailer), { caseId: cases[9]!, kind: 'opened' });
    await database.db.update(staff).set({ disabled: true }).where(eq(staff.id, 'm4-b'));
    await endAlertWindows(database);
    expect(await mailRecipient(context(database, mailer), 'm4-b')).toBe('nothing');
    expect(await mailRecipient(context(database, mailer), 'm4')).toBe('sent');
    const casesTo = (email: string) => mailer.sent.filter((mail) => mail.to.includes(email)).map(casesIn);
    expect(casesTo('second4@wash.example')).toEqual([[cases[8]]]);
    expect(casesTo('manager4@wash.example')).toEqual([[cases[8]], [cases[9]]]);
  });
});
