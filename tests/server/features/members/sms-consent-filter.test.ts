import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../../../../server/platform/outbound/twilio-signature';
import { startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';
import { DRIVERS } from '../../helpers/test-database';
import { addStaff, sessionOf } from '../../helpers/staff-session';

const TOKEN = 'twilio-test-auth-token';
const OUR_NUMBER = '+15005550006';
const PATH = '/api/integrations/twilio/messages';
/** The test app's PUBLIC_URL + the path: what Twilio signs. */
const SIGNED_URL = `https://club.example${PATH}`;

const NUMBERS = {
  ada: '+12015550161',
  alan: '+12015550162',
  grace: '+12015550163',
  ana: '+12015550164',
};

describe.each(DRIVERS)('the members list filtered by an opt-out of texts on %s', (driver) => {
  let t: TestApp;
  let owner: { cookie: string; origin: string };
  let sids = 0;

  /** A member who joined through a code texted to `mobileNumber`. */
  async function join(firstName: string, mobileNumber: string, isSubscribedToSmsMessaging: boolean) {
    const issued = await t.issue({ mobileNumber });
    const res = await t.call('POST', '/api/customers', {
      json: validCustomer(issued.registration.id, {
        firstName,
        email: `${firstName.toLowerCase()}@example.com`,
        isSubscribedToSmsMessaging,
      }),
    });
    if (res.status !== 201) throw new Error(`join ${firstName}: ${res.status} ${JSON.stringify(res.body)}`);
  }

  /** A text from `from`, as Twilio posts it to the webhook, signed with the account's auth token. */
  async function text(from: string, body: string) {
    const params = { MessageSid: `SM${String(++sids).padStart(32, '0')}`, From: from, To: OUR_NUMBER, Body: body };
    const res = await t.app.request(PATH, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(TOKEN, SIGNED_URL, params),
      },
      body: new URLSearchParams(params).toString(),
    });
    expect(res.status).toBe(200);
  }

  beforeAll(async () => {
    t = await startTestApp(driver, {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: OUR_NUMBER,
    });
    await addStaff(t, { email: 'owner@wash.example', role: 'owner' });
    owner = await sessionOf(t, 'owner@wash.example');
    await join('Ada', NUMBERS.ada, true);
    await join('Alan', NUMBERS.alan, false);
    await join('Grace', NUMBERS.grace, true);
    await join('Ana', NUMBERS.ana, true);
    // Ada opts out; Alan, who never agreed, opts out in Spanish; Grace opts out and back in; Ana only says thanks.
    await text(NUMBERS.ada, 'Stop.');
    await text(NUMBERS.alan, 'PARAR');
    await text(NUMBERS.grace, 'STOP');
    await text(NUMBERS.grace, 'START');
    await text(NUMBERS.ana, 'Thanks, see you Saturday');
  });
  afterAll(() => t?.close());

  const as = { anonymous: true, headers: {} as Record<string, string> };
  const names = async (query: string) => {
    const res = await t.call('GET', `/api/admin/members${query}`, { ...as, headers: owner });
    expect(res.status).toBe(200);
    return (res.body.results as { name: string }[]).map((m) => m.name.split(' ')[0]).sort();
  };

  it('finds the members whose number texted an opt-out keyword and not START since, whatever they had agreed to', async () => {
    expect(await names('?consent=sms_opted_out')).toEqual(['Ada', 'Alan']);
    expect(await names(`?consent=sms_opted_out&q=${NUMBERS.ada.slice(-4)}`)).toEqual(['Ada']);
    // The consent flag is another filter: Grace's START lifted her number's opt-out, not her withdrawal.
    expect(await names('?consent=sms')).toEqual(['Ana']);
  });

  it('exports the same members as CSV, and says which values the filter takes', async () => {
    const csv = await t.call('GET', '/api/admin/members.csv?consent=sms_opted_out', { ...as, headers: owner });
    expect(csv.status).toBe(200);
    const rows = parse<Record<string, string>>(csv.body as string, { columns: true, bom: true });
    expect(rows.map((row) => row.first_name).sort()).toEqual(['Ada', 'Alan']);
    expect(rows.every((row) => row.sms_opted_out_at !== '')).toBe(true);

    const refused = await t.call('GET', '/api/admin/members?consent=opted_out', { ...as, headers: owner });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: { issues: { consent: 'consent is sms, newsletter, none or sms_opted_out' } },
    });
  });
});
