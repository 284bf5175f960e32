import type { Db } from '../../db/client';
import { isLastTry, QUEUES } from '../../jobs/queues';
import type { Schedule, Worker } from '../../jobs/workers';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../mail/mailer';
import type { AlertKind } from './alert-mail';
import { escalateOverdue } from './escalate-overdue';
import { sendAlert } from './send-alert';

/** Every minute: a case is escalated at most a minute (and a poll) after its due time. */
export const ESCALATION_CRON = '* * * * *';

/**
 * The follow-up alerts as pg-boss work: the emails (retried with backoff, as webhooks are, for a day; then given up
 * with a log line) and the escalation check on its schedule. Logs carry case ids only, never an address or a comment.
 */
export function followUpAlertJobs(options: {
  db: Db;
  mailer: Mailer | undefined;
  publicUrl: string;
  logger: Logger;
  now?: () => Date;
}): { workers: Worker[]; schedule: Schedule } {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());
  const alerts: Worker = {
    queue: QUEUES.followUpAlert,
    handle: async (jobs) => {
      const outcomes = await Promise.all(
        jobs.map(async (job) => {
          const caseId = job.data.caseId!;
          const kind = job.data.kind as AlertKind;
          try {
            await sendAlert(options, { caseId, kind });
            return false;
          } catch (error) {
            const queuedAt = new Date(job.data.queuedAt ?? now().toISOString());
            if (isLastTry(queuedAt, job.retryCount, now())) {
              logger.error('follow_up_alert_given_up', { caseId, kind, tries: job.retryCount + 1 });
              return false;
            }
            // The class and SMTP code only: a server's refusal can quote the recipients.
            const code = (error as { responseCode?: unknown }).responseCode;
            logger.info('follow_up_alert_retry', {
              caseId,
              kind,
              error: (error as Error).name,
              ...(typeof code === 'number' ? { smtpCode: code } : {}),
            });
            return true;
          }
        }),
      );
      return outcomes.flatMap((retry, index) => (retry ? [index] : []));
    },
  };
  const escalation: Worker = {
    queue: QUEUES.followUpEscalation,
    handle: async (jobs) => {
      try {
        // Checks that piled up need one pass between them.
        const escalated = await escalateOverdue(db, now());
        if (escalated.length) logger.info('follow_up_escalated', { caseIds: escalated });
        return [];
      } catch (error) {
        logger.error('follow_up_escalation_failed', { error: (error as Error).name });
        return jobs.map((_, index) => index);
      }
    },
  };
  return {
    workers: [alerts, escalation],
    schedule: { queue: QUEUES.followUpEscalation, cron: ESCALATION_CRON, runAtStart: true },
  };
}
