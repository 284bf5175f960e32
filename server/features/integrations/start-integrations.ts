import { randomBytes } from 'node:crypto';
import type { Database } from '../../platform/db/client';
import type { Env } from '../../env';
import { followUpAlertJobs } from '../follow-ups/alerts/alert-jobs';
import { QUEUES } from '../../platform/jobs/queues';
import { startWorkers, type Workers } from '../../platform/jobs/workers';
import type { Logger } from '../../platform/logging/logger';
import { createMailer } from '../../platform/mail/mailer';
import { retentionJob } from '../retention/retention-job';
import { deliverEvents, deliverWebhooks } from './deliver-webhook';
import type { OutboundPolicy } from '../../platform/outbound/outbound-request';
import { deliverSms, noProvider, type SmsSender } from './sms/deliver-sms';
import { createTwilioSender } from '../../platform/outbound/twilio';
import { syncEnvironmentEndpoint } from './webhook-endpoints';
import { inviteAfterVisit } from '../invitations/invite-after-visit';
import { invitationSecretOf } from '../invitations/invitation-code';
import { codeSecretOf } from '../registrations/code-secret';
import { createThrottles, type Throttles } from '../../platform/limits/throttles';

export const outboundPolicy = (env: Pick<Env, 'integrations'>): OutboundPolicy => ({
  allowPrivateNetworks: env.integrations.allowPrivateNetworks,
});

export function smsSender(env: Pick<Env, 'integrations'>): SmsSender | undefined {
  const sms = env.integrations.sms;
  return sms && createTwilioSender({ ...sms, policy: outboundPolicy(env) });
}

/**
 * The server's delivery of webhooks and texts: WEBHOOK_URL's endpoint brought up to date, then pg-boss workers
 * for both queues. Whatever was committed while no server ran (or before a crash) is delivered now. With RUN_JOBS
 * false the instance starts no worker and no clock: the jobs it queues wait for an instance that runs them.
 */
export async function startIntegrations(options: {
  database: Database;
  env: Pick<
    Env,
    | 'integrations'
    | 'operatorName'
    | 'publicUrl'
    | 'retention'
    | 'mail'
    | 'alertEmailMinutes'
    | 'defaultPhoneCountry'
    | 'defaultTimeZone'
    | 'smsWindow'
    | 'runJobs'
    | 'authSecret'
    | 'limits'
  >;
  logger: Logger;
  /**
   * The secret the app's codes are made with (server/main.ts reads it once for both): a code's reminder makes its
   * code again with it, an invitation's text its code (decision 053). Without it, AUTH_SECRET; without that, a fresh
   * one, and reminders of codes this process did not issue cannot carry their link.
   */
  authSecret?: string;
  /** The app's budgets (server/main.ts makes them once), so a number's texts count together whoever sends them. */
  throttles?: Throttles;
  pollingIntervalSeconds?: number;
  /** Whether requests are being served: deliveries then wait their turn (server/platform/http/request-load.ts). */
  busy?: () => boolean;
}): Promise<Workers> {
  const { database, env, logger } = options;
  const db = database.db;
  await syncEnvironmentEndpoint(db, env.integrations.webhook);
  if (!env.runJobs) return { stop: () => Promise.resolve() };
  const policy = outboundPolicy(env);
  const webhookContext = { db, policy, environmentSecret: env.integrations.webhook?.secret };
  // Without a provider (unset after texts were queued), they are retried and then given up on as in an outage.
  const sender = smsSender(env) ?? noProvider;
  // The retention pass rides on the same queue (README "Data retention").
  const retention = retentionJob(db, env.retention, logger);
  // Without SMTP_URL, alerts are off: their jobs complete without sending, and the escalation still marks cases.
  const mailer = env.mail && createMailer(env.mail);
  const followUps = followUpAlertJobs({
    db,
    mailer,
    publicUrl: env.publicUrl,
    windowMinutes: env.alertEmailMinutes,
    phoneCountry: env.defaultPhoneCountry,
    defaultTimeZone: env.defaultTimeZone,
    logger,
  });
  const authSecret = options.authSecret ?? env.authSecret ?? randomBytes(32).toString('base64url');
  const invitationSecret = invitationSecretOf(authSecret);
  const throttles = options.throttles ?? createThrottles({ kind: 'memory' }, env.limits);
  // Nothing is texted in a site's quiet hours, however late a job runs (decision 031).
  const quietHours = { defaultTimeZone: env.defaultTimeZone, smsWindow: env.smsWindow };
  const invitations = { db, secret: invitationSecret, throttles, quietHours, logger };
  const workers = await startWorkers(
    database.executor,
    [
      retention.worker,
      ...followUps.workers,
      {
        queue: QUEUES.webhookEvent,
        handle: async (jobs) => {
          const tries = jobs.map((job) => ({ eventId: job.data.eventId!, retryCount: job.retryCount }));
          const retry = new Set(await deliverEvents(webhookContext, tries));
          if (retry.size) logger.info('webhook_retry', { events: retry.size });
          return tries.flatMap((attempt, index) => (retry.has(attempt.eventId) ? [index] : []));
        },
      },
      {
        queue: QUEUES.webhookDelivery,
        handle: async (jobs) => {
          const tries = jobs.map((job) => ({ deliveryId: job.data.deliveryId!, retryCount: job.retryCount }));
          const retry = new Set(await deliverWebhooks(webhookContext, tries));
          if (retry.size) logger.info('webhook_retry', { deliveries: retry.size });
          return tries.flatMap((attempt, index) => (retry.has(attempt.deliveryId) ? [index] : []));
        },
      },
      {
        queue: QUEUES.smsDelivery,
        handle: async (jobs) => {
          const context = {
            db,
            sender,
            template: env.integrations.smsTemplate,
            operatorName: env.operatorName,
            publicUrl: env.publicUrl,
            quietHours,
            codeSecret: codeSecretOf(authSecret),
            invitationSecret,
            budget: throttles,
          };
          const outcomes = await Promise.all(
            jobs.map((job) =>
              deliverSms(context, job.data.messageId!, job.retryCount).then(
                () => false,
                () => true,
              ),
            ),
          );
          return outcomes.flatMap((retry, index) => (retry ? [index] : []));
        },
      },
      {
        // Whether a visit's member is asked for feedback, decided when the site's delay has passed (decision 053).
        queue: QUEUES.surveyInvitation,
        handle: async (jobs) => {
          const outcomes = await Promise.all(
            jobs.map((job) =>
              inviteAfterVisit(invitations, job.data.visitId!).then(
                () => false,
                (error: unknown) => {
                  logger.error('invitation_failed', { error: error instanceof Error ? error.name : 'unknown' });
                  return true;
                },
              ),
            ),
          );
          return outcomes.flatMap((retry, index) => (retry ? [index] : []));
        },
      },
    ],
    {
      logger,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
      busy: options.busy,
      schedules: [retention.schedule, followUps.schedule],
    },
  );
  return {
    stop: async () => {
      await workers.stop();
      mailer?.close();
    },
  };
}
