import { isLastTry, QUEUES } from '../../../platform/jobs/queues';
import type { JobTry, Schedule, Worker } from '../../../platform/jobs/workers';
import type { Logger } from '../../../platform/logging/logger';
import type { AlertKind } from './alert-mail';
import { escalateOverdue } from './escalate-overdue';
import { mailRecipient, type AlertContext } from './recipient-mail';
import { sendAlert } from './send-alert';

/** Every minute: a case is escalated at most a minute (and a poll) after its due time. */
export const ESCALATION_CRON = '* * * * *';

/**
 * The follow-up alerts as pg-boss work: a case's alert (recorded for its recipients and emailed within their
 * budget), the digest at the end of a recipient's window (decision 039), each retried with backoff, as webhooks are,
 * for a day, then given up with a log line; and the escalation check on its schedule. Logs carry ids only, never an
 * address or a comment.
 */
export function followUpAlertJobs(
  options: AlertContext & {
    logger: Logger;
    now?: () => Date;
  },
): { workers: Worker[]; schedule: Schedule } {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());

  /** Tries each job; answers the indexes of those to retry, logging each retry and each job given up. */
  const tryEach = async (
    jobs: JobTry[],
    ids: (job: JobTry) => Record<string, string>,
    work: (job: JobTry) => Promise<unknown>,
  ) => {
    const outcomes = await Promise.all(
      jobs.map(async (job) => {
        try {
          await work(job);
          return false;
        } catch (error) {
          const queuedAt = new Date(job.data.queuedAt ?? now().toISOString());
          if (isLastTry(queuedAt, job.retryCount, now())) {
            logger.error('follow_up_alert_given_up', { ...ids(job), tries: job.retryCount + 1 });
            return false;
          }
          // The class and SMTP code only: a server's refusal can quote the recipients.
          const code = (error as { responseCode?: unknown }).responseCode;
          logger.info('follow_up_alert_retry', {
            ...ids(job),
            error: (error as Error).name,
            ...(typeof code === 'number' ? { smtpCode: code } : {}),
          });
          return true;
        }
      }),
    );
    return outcomes.flatMap((retry, index) => (retry ? [index] : []));
  };

  const alerts: Worker = {
    queue: QUEUES.followUpAlert,
    handle: (jobs) =>
      tryEach(
        jobs,
        (job) => ({ caseId: job.data.caseId!, kind: job.data.kind! }),
        (job) => sendAlert(options, { caseId: job.data.caseId!, kind: job.data.kind as AlertKind }),
      ),
  };
  const digests: Worker = {
    queue: QUEUES.followUpDigest,
    handle: (jobs) =>
      tryEach(
        jobs,
        (job) => ({ staffId: job.data.staffId! }),
        (job) => mailRecipient(options, job.data.staffId!),
      ),
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
    workers: [alerts, digests, escalation],
    schedule: { queue: QUEUES.followUpEscalation, cron: ESCALATION_CRON, runAtStart: true },
  };
}
