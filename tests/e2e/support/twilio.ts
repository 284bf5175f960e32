import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { twilioSignature } from '../../../server/platform/outbound/twilio-signature';

/** The e2e server's Twilio auth token and number (playwright.config.ts). */
const AUTH_TOKEN = 'e2e-twilio-token';
const OUR_NUMBER = '+15005550006';
/** Where Twilio's incoming-message webhook is pointed (server/features/integrations/sms/twilio.routes.ts). */
const TWILIO_MESSAGES_PATH = '/api/integrations/twilio/messages';

/**
 * A text from `from` to our number, as Twilio posts it to the incoming-message webhook: form-encoded, signed with
 * the account's auth token over the e2e server's PUBLIC_URL (its baseURL) and the path. Answers the TwiML.
 */
export async function textFrom(request: APIRequestContext, from: string, body: string): Promise<string> {
  const sid = `SM${randomBytes(16).toString('hex')}`;
  const params = {
    MessageSid: sid,
    SmsMessageSid: sid,
    AccountSid: process.env.E2E_TWILIO_SID!,
    From: from,
    To: OUR_NUMBER,
    Body: body,
    NumMedia: '0',
    ApiVersion: '2010-04-01',
  };
  const publicUrl = `http://127.0.0.1:${process.env.E2E_PORT}`;
  const response = await request.post(TWILIO_MESSAGES_PATH, {
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(AUTH_TOKEN, `${publicUrl}${TWILIO_MESSAGES_PATH}`, params),
    },
    data: new URLSearchParams(params).toString(),
  });
  expect(response.status()).toBe(200);
  return response.text();
}

/**
 * A fictional number (555-01xx) in an area code tests/e2e/support/api.ts's fictionalMobile never draws from, so a
 * number that texted STOP here is never one another test texts a link to.
 */
export const optedOutMobile = (areaCode: '212' | '213') =>
  `+1${areaCode}555${String(100 + Math.floor(Math.random() * 100)).padStart(4, '0')}`;
