import { Hono } from 'hono';
import type { Db } from '../../../platform/db/client';
import { keywordReply, twiml, type KeywordReplySettings } from './keyword-replies';
import { receiveText, recordReply } from './sms-opt-out';
import { formParams, isTwilioSignatureValid } from '../../../platform/outbound/twilio-signature';
import { ApiError, validationFailed } from '../../../platform/http/api-error';
import { noSuchRoute } from '../../../platform/http/no-such-route';
import { describe } from '../../../platform/http/route-description';
import { hashToken } from '../../../platform/values/tokens';
import type { Throttle } from '../../../platform/limits/throttle';

/** Where Twilio's incoming-message webhook is pointed: `PUBLIC_URL` + this. */
export const TWILIO_MESSAGES_PATH = '/api/integrations/twilio/messages';

interface TwilioRouteDeps {
  db: Db;
  /** PUBLIC_URL: the address Twilio signs, with the path (and any query string) it was configured with. */
  publicUrl: string;
  /** The account's auth token, with SMS_PROVIDER=twilio; absent, the route answers 404 as if it were not there. */
  authToken: string | undefined;
  replies: KeywordReplySettings;
  /** SMS_REPLIES_PER_NUMBER_PER_DAY: our replies to one number, counted where the other throttles count. */
  replyBudget: Throttle;
  /** FOLLOW_UP_HOURS: a member's text that is not a keyword opens a case due this long after (decision 045). */
  followUpHours: number;
  now?: () => Date;
}

const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';
const E164 = /^\+[1-9]\d{1,14}$/;
const NOT_E164 = 'Expected a phone number in E.164 form, such as +12015550123';

/**
 * `POST /api/integrations/twilio/messages`: Twilio's incoming-message webhook (decision 030). Only a request signed with
 * the account's auth token for this very URL is read (403 otherwise, and nothing is written); the text is kept, its
 * keyword acted on (server/features/integrations/sms/sms-opt-out.ts), and the answer is TwiML: our reply, or nothing.
 */
export function twilioRoutes(deps: TwilioRouteDeps): Hono {
  const app = new Hono();
  app.post(
    '/messages',
    describe({
      summary: "Twilio's incoming-message webhook (signed with X-Twilio-Signature)",
      answers: {
        200: {
          description:
            'TwiML: `<Response/>`, or a `<Message>` answering HELP, asking about an unclear opt-out word, or ' +
            "confirming an opt-out Twilio's own handling does not read (and STOP and START with " +
            '`SMS_OPT_OUT_REPLIES=app`), within `SMS_REPLIES_PER_NUMBER_PER_DAY`.',
          media: 'text/xml',
        },
      },
      refusals: ['forbidden', 'not_found', 'unsupported_media_type', 'validation_failed', 'payload_too_large'],
      access: 'open',
    }),
    async (c) => {
      if (!deps.authToken) {
        throw new ApiError(404, 'not_found', 'Incoming texts are not set up on this server (SMS_PROVIDER).');
      }
      const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (mediaType !== FORM_MEDIA_TYPE) {
        throw new ApiError(415, 'unsupported_media_type', `Send the body as ${FORM_MEDIA_TYPE}.`);
      }
      const params = formParams(await c.req.text());
      const signedUrl = `${deps.publicUrl}${TWILIO_MESSAGES_PATH}${new URL(c.req.url).search}`;
      if (!isTwilioSignatureValid(deps.authToken, c.req.header('x-twilio-signature'), signedUrl, params)) {
        throw new ApiError(403, 'forbidden', 'The request is not signed by Twilio for this address.');
      }
      const field = (name: string) => {
        const value = params[name];
        return typeof value === 'string' ? value.trim() : '';
      };
      const text = { messageSid: field('MessageSid'), from: field('From'), to: field('To') };
      const missing = Object.entries(text).filter(([, value]) => !value);
      if (missing.length) throw validationFailed(Object.fromEntries(missing.map(([name]) => [name, 'Required'])));
      // The number is the suppression list's key and what members are matched by: Twilio sends E.164.
      if (!E164.test(text.from)) throw validationFailed({ from: NOT_E164 });
      const body = typeof params.Body === 'string' ? params.Body : '';
      const received = await receiveText(
        deps.db,
        { ...text, body, receivedAt: deps.now?.() ?? new Date() },
        { followUpHours: deps.followUpHours },
      );
      let reply = keywordReply(received, body, deps.replies);
      // Each reply is paid for: past the number's budget the text is still kept and acted on, and gets no answer.
      // The number's hash: a throttle's key is never personal data.
      if (reply && !(await deps.replyBudget.spend(hashToken(text.from)))) reply = null;
      if (reply) await recordReply(deps.db, text.messageSid, reply);
      return c.body(twiml(reply), 200, { 'content-type': 'text/xml; charset=utf-8' });
    },
  );
  app.all('/messages', noSuchRoute);
  return app;
}
