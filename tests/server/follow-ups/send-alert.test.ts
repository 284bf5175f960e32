import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import { staff } from '../../../server/db/schema';
import { sendAlert } from '../../../server/follow-ups/alerts/send-alert';
import type { MailMessage, Mailer } from '../../../server/mail/mailer';
import { caseSeeder } from '../helpers/seed-cases';
import { EMBEDDED_ONLY, openTestDatabase } from '../helpers/test-database';

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

  const send = (mailer: Mailer | undefined, caseId: string, kind: 'opened' | 'overdue') =>
    sendAlert({ db: database.db, mailer, publicUrl: 'https://club.example' }, { caseId, kind });

  it('sends nothing without a mailer (SMTP_URL unset), and nothing for a case that is gone', async () => {
    expect(await send(undefined, ids.open, 'opened')).toBe('skipped');
    const mailer = keepingMailer();
    expect(await send(mailer, 'case-erased', 'opened')).toBe('skipped');
    expect(mailer.sent).toEqual([]);
  });

  it('tells the site’s enabled managers of a new case, even once someone has contacted the member', async () => {
    const mailer = keepingMailer();
    expect(await send(mailer, ids.open, 'opened')).toBe('sent');
    expect(await send(mailer, ids.contacted, 'opened')).toBe('sent');
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
    expect(await send(mailer, ids.lonely, 'opened')).toBe('sent');
    expect(await send(mailer, ids.open, 'overdue')).toBe('sent');
    expect(mailer.sent.map((mail) => mail.to)).toEqual([['owner@wash.example'], ['owner@wash.example']]);
  });
});
