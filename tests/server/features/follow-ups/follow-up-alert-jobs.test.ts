import { describe, expect, it } from 'vitest';
import type { Db } from '../../../../server/platform/db/client';
import { commentExcerpt } from '../../../../server/features/follow-ups/alerts/member-words';
import { ESCALATION_CRON, followUpAlertJobs } from '../../../../server/features/follow-ups/alerts/alert-jobs';
import { QUEUES, RETRY_POLICY } from '../../../../server/platform/jobs/queues';
import type { Logger } from '../../../../server/platform/logging/logger';

// The alert job's retry rule and its cut of the comment, without a database: `sendAlert` is exercised end to end in
// follow-up-alerts.test.ts.

/** How the alerts are made, beside the database and mailer each test gives. */
const mailing = { publicUrl: 'https://club.example', windowMinutes: 5, phoneCountry: 'US' as const };

const recording = () => {
  const lines: Record<string, unknown>[] = [];
  const logger: Logger = {
    info: (event, fields) => lines.push({ event, ...fields }),
    error: (event, fields) => lines.push({ event, ...fields }),
  };
  return { lines, logger };
};

describe('the follow-up alert jobs', () => {
  it('check for overdue cases every minute, and once at start', () => {
    const { logger } = recording();
    const jobs = followUpAlertJobs({ ...mailing, db: {} as Db, mailer: undefined, logger });
    expect(ESCALATION_CRON).toBe('* * * * *');
    expect(jobs.schedule).toEqual({ queue: QUEUES.followUpEscalation, cron: '* * * * *', runAtStart: true });
    expect(jobs.workers.map((worker) => worker.queue)).toEqual([
      QUEUES.followUpAlert,
      QUEUES.followUpDigest,
      QUEUES.followUpEscalation,
    ]);
  });

  it('retry an alert the database or SMTP server failed, and give it up with a line of ids once the day is spent', async () => {
    const { lines, logger } = recording();
    const now = new Date('2026-11-25T12:00:00Z');
    // Any read throws: the handler's failure path, as an SMTP refusal takes it.
    const failing = new Proxy({} as Db, {
      get: () => () => {
        throw Object.assign(new Error('refused bob@example.org'), { responseCode: 451 });
      },
    });
    const jobs = followUpAlertJobs({
      ...mailing,
      db: failing,
      mailer: { send: () => Promise.resolve(), close: () => undefined },
      logger,
      now: () => now,
    });
    const alerts = jobs.workers[0]!;
    const fresh = { caseId: 'case-1', kind: 'opened', queuedAt: '2026-11-25T11:59:00.000Z' };
    const old = { caseId: 'case-2', kind: 'overdue', queuedAt: '2026-11-24T11:00:00.000Z' };
    const retry = await alerts.handle([
      { data: fresh, retryCount: 0 },
      { data: old, retryCount: 3 },
      { data: { ...fresh, caseId: 'case-3' }, retryCount: RETRY_POLICY.retryLimit },
    ]);
    expect(retry).toEqual([0]);
    expect(lines).toEqual([
      { event: 'follow_up_alert_retry', caseId: 'case-1', kind: 'opened', error: 'Error', smtpCode: 451 },
      { event: 'follow_up_alert_given_up', caseId: 'case-2', kind: 'overdue', tries: 4 },
      { event: 'follow_up_alert_given_up', caseId: 'case-3', kind: 'opened', tries: RETRY_POLICY.retryLimit + 1 },
    ]);
    expect(JSON.stringify(lines)).not.toContain('bob@');
  });

  it('retry an alert queued without a time from now, and log no SMTP code where there is none', async () => {
    const { lines, logger } = recording();
    const failing = new Proxy({} as Db, {
      get: () => () => {
        throw new TypeError('the database went away');
      },
    });
    const jobs = followUpAlertJobs({
      ...mailing,
      db: failing,
      mailer: { send: () => Promise.resolve(), close: () => undefined },
      logger,
    });
    expect(await jobs.workers[0]!.handle([{ data: { caseId: 'case-4', kind: 'opened' }, retryCount: 0 }])).toEqual([0]);
    expect(lines).toEqual([{ event: 'follow_up_alert_retry', caseId: 'case-4', kind: 'opened', error: 'TypeError' }]);
  });

  it('retry a digest that failed, naming its recipient by id, and give it up once the day is spent', async () => {
    const { lines, logger } = recording();
    const now = new Date('2026-11-25T12:00:00Z');
    const failing = new Proxy({} as Db, {
      get: () => () => {
        throw Object.assign(new Error('refused bob@example.org'), { responseCode: 452 });
      },
    });
    const jobs = followUpAlertJobs({
      ...mailing,
      db: failing,
      mailer: { send: () => Promise.resolve(), close: () => undefined },
      logger,
      now: () => now,
    });
    const digests = jobs.workers.find((worker) => worker.queue === QUEUES.followUpDigest)!;
    const retry = await digests.handle([
      { data: { staffId: 'staff-1', queuedAt: '2026-11-25T11:55:00.000Z' }, retryCount: 0 },
      { data: { staffId: 'staff-2', queuedAt: '2026-11-24T11:00:00.000Z' }, retryCount: 3 },
    ]);
    expect(retry).toEqual([0]);
    expect(lines).toEqual([
      { event: 'follow_up_alert_retry', staffId: 'staff-1', error: 'Error', smtpCode: 452 },
      { event: 'follow_up_alert_given_up', staffId: 'staff-2', tries: 4 },
    ]);
  });
});

describe('the escalation check', () => {
  /** A database whose transaction answers what escalateOverdue's would: the ids of the cases it escalated. */
  const escalating = (ids: string[]) => ({ transaction: () => Promise.resolve(ids) }) as unknown as Db;
  const check = (db: Db) => {
    const { lines, logger } = recording();
    const jobs = followUpAlertJobs({ ...mailing, db, mailer: undefined, logger });
    return { lines, escalation: jobs.workers.find((worker) => worker.queue === QUEUES.followUpEscalation)! };
  };

  it('logs the ids of the cases it escalated, and nothing when none was due', async () => {
    const some = check(escalating(['case-7', 'case-8']));
    expect(await some.escalation.handle([{ data: {}, retryCount: 0 }])).toEqual([]);
    expect(some.lines).toEqual([{ event: 'follow_up_escalated', caseIds: ['case-7', 'case-8'] }]);
    const none = check(escalating([]));
    expect(await none.escalation.handle([{ data: {}, retryCount: 0 }])).toEqual([]);
    expect(none.lines).toEqual([]);
  });

  it("is retried when it fails, every check that piled up, with the error's class and not its words", async () => {
    const failing = { transaction: () => Promise.reject(new RangeError('no connection to bob@example.org')) };
    const { lines, escalation } = check(failing as unknown as Db);
    const retry = await escalation.handle([
      { data: {}, retryCount: 0 },
      { data: {}, retryCount: 1 },
    ]);
    expect(retry).toEqual([0, 1]);
    expect(lines).toEqual([{ event: 'follow_up_escalation_failed', error: 'RangeError' }]);
  });
});

describe('the comment in an alert', () => {
  it('is the first 200 characters, cut with an ellipsis, never in the middle of an emoji', () => {
    expect(commentExcerpt('  Short.  ')).toBe('Short.');
    expect(commentExcerpt('a'.repeat(200))).toBe('a'.repeat(200));
    expect(commentExcerpt('a'.repeat(201))).toBe(`${'a'.repeat(200)}…`);
    expect(commentExcerpt(`${'a'.repeat(199)}😡😡`)).toBe(`${'a'.repeat(199)}😡…`);
    expect(commentExcerpt('')).toBe('');
  });
});
