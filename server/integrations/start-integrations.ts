import type { Database } from '../db/client';
import type { Env } from '../env';
import { QUEUES } from '../jobs/queues';
import { startWorkers, type Workers } from '../jobs/workers';
import type { Logger } from '../lib/logger';
import { deliverWebhook } from './deliver-webhook';
import type { OutboundPolicy } from './outbound-request';
import { deliverSms, type SmsSender } from './sms/deliver-sms';
import { createTwilioSender } from './sms/twilio';
import { syncEnvironmentEndpoint } from './webhook-endpoints';

export const outboundPolicy = (env: Pick<Env, 'integrations'>): OutboundPolicy => ({
  allowPrivateNetworks: env.integrations.allowPrivateNetworks,
});

export function smsSender(env: Pick<Env, 'integrations'>): SmsSender | undefined {
  const sms = env.integrations.sms;
  return sms && createTwilioSender({ ...sms, policy: outboundPolicy(env) });
}

/**
 * The server's delivery of webhooks and texts: WEBHOOK_URL's endpoint brought up to date, then pg-boss workers
 * for both queues. Whatever was committed while no server ran (or before a crash) is delivered now.
 */
export async function startIntegrations(options: {
  database: Database;
  env: Pick<Env, 'integrations' | 'operatorName' | 'publicUrl'>;
  logger: Logger;
  pollingIntervalSeconds?: number;
}): Promise<Workers> {
  const { database, env, logger } = options;
  const db = database.db;
  await syncEnvironmentEndpoint(db, env.integrations.webhook);
  const policy = outboundPolicy(env);
  const webhookContext = { db, policy, environmentSecret: env.integrations.webhook?.secret };
  const sender = smsSender(env);
  return startWorkers(
    database.executor,
    [
      {
        queue: QUEUES.webhookDelivery,
        handle: async ({ data, retryCount }) => {
          try {
            await deliverWebhook(webhookContext, data.deliveryId!, retryCount);
          } finally {
            logger.info('webhook_delivery', { delivery: data.deliveryId, retry: retryCount });
          }
        },
      },
      {
        queue: QUEUES.smsDelivery,
        handle: async ({ data, retryCount }) => {
          // Without a provider (it was unset after the text was queued) the job waits for one, as a failure would.
          if (!sender) throw new Error('No SMS provider is configured');
          await deliverSms(
            {
              db,
              sender,
              template: env.integrations.smsTemplate,
              operatorName: env.operatorName,
              publicUrl: env.publicUrl,
            },
            data.messageId!,
            retryCount,
          );
        },
      },
    ],
    { logger, pollingIntervalSeconds: options.pollingIntervalSeconds },
  );
}
