import { OutboundError, sendOutbound, type OutboundPolicy } from './outbound-request';

/** Why Twilio did not take a message. `code` is Twilio's own (`21211`), `http_<status>`, or ours (`timeout`). */
export class SmsProviderError extends Error {
  constructor(
    readonly code: string,
    readonly retryable: boolean,
  ) {
    super(`The SMS provider did not take the message: ${code}`);
    this.name = 'SmsProviderError';
  }
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  /** https://api.twilio.com, or a local fake in tests. */
  apiBase: string;
  policy: OutboundPolicy;
}

/**
 * Twilio's Messages resource: a form-encoded POST of To, From and Body to
 * `/2010-04-01/Accounts/{AccountSid}/Messages.json`, with the account SID and auth token as basic auth.
 * A 429 or 5xx (and no answer at all) is worth retrying; any other 4xx (a bad number, say) is not.
 */
export function createTwilioSender(config: TwilioConfig) {
  const url = `${config.apiBase}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    async send(message: { to: string; body: string }): Promise<{ providerMessageId: string; status: string }> {
      let answer: { status: number; body: string };
      try {
        answer = await sendOutbound(
          url,
          {
            method: 'POST',
            headers: {
              authorization,
              accept: 'application/json',
              'content-type': 'application/x-www-form-urlencoded',
            },
            body: new URLSearchParams({ To: message.to, From: config.from, Body: message.body }).toString(),
          },
          config.policy,
        );
      } catch (error) {
        const code = error instanceof OutboundError ? error.code : 'request_failed';
        const permanent = ['invalid_url', 'scheme_not_allowed', 'private_address'].includes(code);
        throw new SmsProviderError(code, !permanent);
      }
      const json = parseJson(answer.body);
      if (answer.status >= 200 && answer.status < 300 && typeof json.sid === 'string') {
        return { providerMessageId: json.sid, status: typeof json.status === 'string' ? json.status : 'queued' };
      }
      const code =
        typeof json.code === 'number' || typeof json.code === 'string' ? String(json.code) : `http_${answer.status}`;
      throw new SmsProviderError(code, answer.status === 429 || answer.status >= 500);
    },
  };
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
