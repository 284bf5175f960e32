import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../server/env';
import { outboundPolicy, smsSender } from '../../../server/integrations/start-integrations';
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
