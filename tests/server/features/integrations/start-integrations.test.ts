import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/platform/db/client';
import { parseEnv } from '../../../../server/env';
import {
  outboundPolicy,
  smsSender,
  startIntegrations,
} from '../../../../server/features/integrations/start-integrations';
import { QUEUES } from '../../../../server/platform/jobs/queues';
import type { Logger } from '../../../../server/platform/logging/logger';
import { EMBEDDED_ONLY, openTestDatabase } from '../../helpers/test-database';
import { freePort } from './support/webhook-receiver';

const envWith = (variables: Record<string, string>) => parseEnv({ NODE_ENV: 'test', ...variables });
const twilio = (apiBase: string) => ({
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+15005550006',
  TWILIO_API_BASE: apiBase,
});
const MESSAGE = { to: '+12015550143', body: 'hello' };

describe("the integrations' settings", () => {
  it('lets requests reach private networks only when WEBHOOK_ALLOW_PRIVATE_NETWORKS says so', () => {
    expect(outboundPolicy(envWith({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' }))).toEqual({
      allowPrivateNetworks: true,
    });
    expect(outboundPolicy(envWith({}))).toEqual({ allowPrivateNetworks: false });
  });

  it('has no text sender without an SMS provider', () => {
    expect(smsSender(envWith({}))).toBeUndefined();
  });

  it('sends texts to Twilio under the outbound policy: a local fake only where private networks are allowed', async () => {
    const down = `http://127.0.0.1:${await freePort()}`;
    await expect(smsSender(envWith(twilio(down)))!.send(MESSAGE)).rejects.toMatchObject({
      code: 'scheme_not_allowed',
      retryable: false,
    });
    const allowed = smsSender(envWith({ ...twilio(down), WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' }))!;
    await expect(allowed.send(MESSAGE)).rejects.toMatchObject({ code: 'connection_failed', retryable: true });
  });
});

const silent: Logger = { info: () => undefined, error: () => undefined };

/** What pg-boss's clock would send, and the retention pass each instance sends at its start. */
async function scheduledWork(database: Database) {
  const result = await database.db.execute(
    sql`select (select count(*)::int from pgboss.schedule) as schedules,
               (select count(*)::int from pgboss.job where name = ${QUEUES.retention}) as "retentionJobs"`,
  );
  return (result as { rows: { schedules: number; retentionJobs: number }[] }).rows[0];
}

describe.each(EMBEDDED_ONLY)('which instances run the jobs, on %s', (driver) => {
  it('an instance with RUN_JOBS=false schedules and sends nothing; one with the default does', async () => {
    const database = await openTestDatabase(driver);
    try {
      const env = envWith({});
      const serving = await startIntegrations({ database, env: { ...env, runJobs: false }, logger: silent });
      await serving.stop();
      expect(await scheduledWork(database)).toEqual({ schedules: 0, retentionJobs: 0 });

      const working = await startIntegrations({ database, env, logger: silent });
      await working.stop();
      expect(await scheduledWork(database)).toEqual({ schedules: 2, retentionJobs: 1 });
    } finally {
      await database.close();
    }
  });
});
