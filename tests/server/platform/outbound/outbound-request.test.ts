import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  isPublicAddress,
  OutboundError,
  sendOutbound,
  type OutboundPolicy,
} from '../../../../server/platform/outbound/outbound-request';
import { freePort } from '../../features/integrations/support/webhook-receiver';

const STRICT: OutboundPolicy = { allowPrivateNetworks: false };

describe('a public address', () => {
  it.each([
    ['8.8.8.8'],
    ['93.184.215.14'],
    ['2606:4700:4700::1111'],
    ['2a00:1450:4001:80b::200e'],
    ['::ffff:8.8.8.8'],
    // NAT64, as DNS64 answers on an IPv6-only host for an IPv4 receiver: the IPv4 inside is public.
    ['64:ff9b::808:808'],
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fd00::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::7f00:1', 'IPv4-compatible loopback, as URL writes [::127.0.0.1]'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::a9fe:a9fe', 'IPv4-compatible link-local'],
    ['::808:808', 'IPv4-compatible, a deprecated form whatever it holds'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::a01:203', 'NAT64 of a private address'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of link-local'],
    ['64:ff9b:1::a01:203', 'local-use NAT64 (RFC 8215)'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:a01:203::1', '6to4 of a private address'],
    ['2002:808:808::1', '6to4, deprecated, whatever it holds'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo, whose client address is the sender’s choice'],
    ['2001:db8::1', 'documentation'],
    ['100::1', 'discard'],
    ['not an address', 'not an address'],
  ])('%s is not (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe("the form's check of a webhook address", () => {
  it.each([
    ['https://localhost./hooks'],
    ['https://localhost../hooks'],
    ['https://LOCALHOST./hooks'],
    ['https://pos.localhost./hooks'],
    ['https://127.0.0.1./hooks'],
    ['https://[::127.0.0.1]/hooks'],
    ['https://[::ffff:127.0.0.1]/hooks'],
    ['https://[64:ff9b::127.0.0.1]/hooks'],
    ['https://[2002:7f00:1::]/hooks'],
  ])('refuses %s as private', (url) => {
    expect(checkOutboundUrl(url, STRICT)).toEqual({ ok: false, reason: 'private_address' });
  });

  it.each([['https://pos.example.com/hooks'], ['https://pos.example.com./hooks'], ['https://[64:ff9b::8.8.8.8]/x']])(
    'takes %s',
    (url) => {
      expect(checkOutboundUrl(url, STRICT)).toMatchObject({ ok: true });
    },
  );

  it('takes a private address where private networks are allowed', () => {
    expect(checkOutboundUrl('https://[::127.0.0.1]/hooks', { allowPrivateNetworks: true })).toMatchObject({ ok: true });
  });
});

describe('a request whose name resolves to a private address at connect time', () => {
  const resolvingTo =
    (address: string, family: 4 | 6): OutboundPolicy['lookup'] =>
    () =>
      Promise.resolve<LookupAddress[]>([{ address, family }]);

  it.each([
    ['::7f00:1', 6],
    ['64:ff9b::a9fe:a9fe', 6],
    ['2002:a01:203::1', 6],
    ['127.0.0.1', 4],
  ] as const)('is refused before it connects to %s', async (address, family) => {
    const sent = sendOutbound(
      'https://receiver.example.com/hooks',
      { method: 'POST', headers: {}, body: '{}' },
      { allowPrivateNetworks: false, lookup: resolvingTo(address, family), timeoutMs: 5_000 },
    );
    await expect(sent).rejects.toBeInstanceOf(OutboundError);
    await expect(sent).rejects.toMatchObject({ code: 'private_address' });
  });

  it.each([
    ['a public address first', ['93.184.215.14', '10.0.0.5']],
    ['a private address first', ['192.168.1.20', '93.184.215.14']],
  ])('is refused when the name resolves to a public and a private address (%s)', async (_, addresses) => {
    const sent = sendOutbound(
      'https://receiver.example.com/hooks',
      { method: 'POST', headers: {}, body: '{}' },
      {
        allowPrivateNetworks: false,
        lookup: () => Promise.resolve<LookupAddress[]>(addresses.map((address) => ({ address, family: 4 }))),
        timeoutMs: 5_000,
      },
    );
    await expect(sent).rejects.toMatchObject({ code: 'private_address' });
  });
});

describe("the form's check of the address's shape", () => {
  it.each([['not a url'], ['https://user:secret@pos.example.com/hooks'], ['https://:secret@pos.example.com/hooks']])(
    'refuses %s as invalid',
    (url) => {
      expect(checkOutboundUrl(url, { allowPrivateNetworks: true })).toEqual({ ok: false, reason: 'invalid_url' });
    },
  );

  it('refuses plain http unless private networks are allowed, and any other scheme always', () => {
    expect(checkOutboundUrl('http://pos.example.com/hooks', STRICT)).toEqual({
      ok: false,
      reason: 'scheme_not_allowed',
    });
    expect(checkOutboundUrl('ftp://pos.example.com/hooks', { allowPrivateNetworks: true })).toEqual({
      ok: false,
      reason: 'scheme_not_allowed',
    });
    const allowed = checkOutboundUrl('http://pos.example.com/hooks', { allowPrivateNetworks: true });
    expect(allowed.ok && allowed.url.href).toBe('http://pos.example.com/hooks');
  });

  it.each([['https://localhost/hooks'], ['https://10.0.0.1/hooks'], ['https://[::1]/hooks'], ['https://LocalHost/x']])(
    'refuses %s as private',
    (url) => {
      expect(checkOutboundUrl(url, STRICT)).toEqual({ ok: false, reason: 'private_address' });
    },
  );

  it.each([['https://8.8.8.8/hooks'], ['https://[2606:4700:4700::1111]/hooks'], ['https://notlocalhost/hooks']])(
    'takes %s, answering the parsed address',
    (url) => {
      const check = checkOutboundUrl(url, STRICT);
      expect(check.ok && check.url.href).toBe(url);
    },
  );
});

describe('a request to a receiver on loopback', () => {
  const ALLOWED: OutboundPolicy = { allowPrivateNetworks: true, timeoutMs: 5_000 };
  let server: Server;
  let base: string;
  const requests: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const answers: Record<string, (response: ServerResponse) => void> = {
    '/ok': (response) => response.writeHead(201, { 'content-type': 'text/plain' }).end('created'),
    '/long': (response) => response.writeHead(200).end('x'.repeat(5000)),
    '/moved': (response) => response.writeHead(302, { location: '/ok' }).end(''),
    '/silent': () => undefined,
  };
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        requests.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString(),
        });
        answers[request.url ?? '']?.(response);
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

  const post = (url: string, policy: OutboundPolicy = ALLOWED) =>
    sendOutbound(url, { method: 'POST', headers: { 'x-test': 'yes' }, body: '{"a":1}' }, policy);

  it('posts the body and headers, and answers the status and body', async () => {
    expect(await post(`${base}/ok`)).toEqual({ status: 201, body: 'created' });
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/ok',
      body: '{"a":1}',
      headers: { 'x-test': 'yes' },
    });
  });

  it('keeps the first 2048 characters of a long answer', async () => {
    expect(await post(`${base}/long`)).toEqual({ status: 200, body: 'x'.repeat(2048) });
  });

  it('follows no redirect', async () => {
    const before = requests.length;
    expect(await post(`${base}/moved`)).toEqual({ status: 302, body: '' });
    expect(requests.slice(before).map((request) => request.url)).toEqual(['/moved']);
  });

  it('gives up on a receiver that does not answer in time, as a timeout', async () => {
    const sent = post(`${base}/silent`, { allowPrivateNetworks: true, timeoutMs: 200 });
    await expect(sent).rejects.toBeInstanceOf(OutboundError);
    await expect(sent).rejects.toMatchObject({
      code: 'timeout',
      name: 'OutboundError',
      message: 'Outbound request failed: timeout',
    });
  });

  it('reports a receiver nobody listens at as connection_failed', async () => {
    const down = await freePort();
    await expect(post(`http://127.0.0.1:${down}/hooks`)).rejects.toMatchObject({ code: 'connection_failed' });
  });

  it('refuses an address it may not use before sending anything', async () => {
    const before = requests.length;
    await expect(post(`${base}/ok`, STRICT)).rejects.toMatchObject({
      code: 'scheme_not_allowed',
      message: 'Outbound request failed: scheme_not_allowed',
    });
    await expect(post('not a url')).rejects.toMatchObject({ code: 'invalid_url' });
    expect(requests).toHaveLength(before);
  });

  it('connects to the address a name resolves to, where private networks are allowed', async () => {
    const port = (server.address() as AddressInfo).port;
    const lookup = () => Promise.resolve<LookupAddress[]>([{ address: '127.0.0.1', family: 4 }]);
    expect(await post(`http://receiver.example.com:${port}/ok`, { ...ALLOWED, lookup })).toEqual({
      status: 201,
      body: 'created',
    });
    expect(requests.at(-1)!.headers.host).toBe(`receiver.example.com:${port}`);
  });

  it.each([
    ['a name that does not resolve', () => Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }))],
    ['a lookup that fails without a code', () => Promise.reject(new Error('resolver down'))],
    ['a name with no address', () => Promise.resolve<LookupAddress[]>([])],
  ])('reports %s as dns_failed', async (_, lookup) => {
    await expect(post('http://receiver.example.com/ok', { ...ALLOWED, lookup })).rejects.toMatchObject({
      code: 'dns_failed',
    });
  });
});
