import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTwilioSender, SmsProviderError } from '../../../../server/platform/outbound/twilio';
import { freePort } from '../../features/integrations/support/webhook-receiver';

const SID = 'AC 1/2';
const TOKEN = 'auth-token';
const MESSAGE = { to: '+12015550143', body: 'Your link: https://club.example/?id=a&b' };

describe("Twilio's Messages API", () => {
  let server: Server;
  let base: string;
  const requests: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  /** What the next request is answered: a status and a raw body. */
  let answer: { status: number; body: string };
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        requests.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString() });
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  beforeEach(() => {
    requests.splice(0);
  });

  const sender = (apiBase = base, allowPrivateNetworks = true) =>
    createTwilioSender({
      accountSid: SID,
      authToken: TOKEN,
      from: '+15005550006',
      apiBase,
      policy: { allowPrivateNetworks, timeoutMs: 5_000 },
    });
  const answered = (status: number, body: unknown) => {
    answer = { status, body: typeof body === 'string' ? body : JSON.stringify(body) };
  };
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  it('posts To, From and Body as a form, with basic auth, and answers the message id and status', async () => {
    answered(201, { sid: 'SM123', status: 'accepted' });
    expect(await sender().send(MESSAGE)).toEqual({ providerMessageId: 'SM123', status: 'accepted' });
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.path).toBe('/2010-04-01/Accounts/AC%201%2F2/Messages.json');
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      To: '+12015550143',
      From: '+15005550006',
      Body: 'Your link: https://club.example/?id=a&b',
    });
  });

  it('takes any 2xx with a message id, calling it queued when Twilio gives no status', async () => {
    answered(200, { sid: 'SM200' });
    expect(await sender().send(MESSAGE)).toEqual({ providerMessageId: 'SM200', status: 'queued' });
    answered(299, { sid: 'SM299', status: 7 });
    expect(await sender().send(MESSAGE)).toEqual({ providerMessageId: 'SM299', status: 'queued' });
  });

  it.each([
    [300, { sid: 'SM300' }, 'http_300', false],
    [201, { status: 'queued' }, 'http_201', false],
    [201, { sid: 42 }, 'http_201', false],
    [400, { code: 21211, message: "The 'To' number is not a valid phone number." }, '21211', false],
    [404, { code: 'not-found' }, 'not-found', false],
    [404, { code: { nested: true } }, 'http_404', false],
    [428, 'not json', 'http_428', false],
    [429, { code: 20429 }, '20429', true],
    [499, '[1, 2]', 'http_499', false],
    [500, '"a string"', 'http_500', true],
    [503, 'null', 'http_503', true],
  ])('answered %i %j, refuses with %s (retryable: %s)', async (status, body, code, retryable) => {
    answered(status, body);
    const error = await refusal(sender().send(MESSAGE));
    expect(error).toBeInstanceOf(SmsProviderError);
    expect(error).toMatchObject({
      code,
      retryable,
      name: 'SmsProviderError',
      message: `The SMS provider did not take the message: ${code}`,
    });
  });

  it('retries a provider it cannot reach', async () => {
    const down = await freePort();
    const error = await refusal(sender(`http://127.0.0.1:${down}`).send(MESSAGE));
    expect(error).toMatchObject({ code: 'connection_failed', retryable: true });
  });

  it.each([
    ['an address that is no URL', 'not a url', true, 'invalid_url'],
    ['plain http where only https is allowed', 'http://api.twilio.example', false, 'scheme_not_allowed'],
    ['a private address', 'https://10.0.0.1', false, 'private_address'],
  ])('does not retry %s', async (_, apiBase, allowPrivateNetworks, code) => {
    const error = await refusal(sender(apiBase, allowPrivateNetworks).send(MESSAGE));
    expect(error).toMatchObject({ code, retryable: false });
    expect(requests).toHaveLength(0);
  });
});
