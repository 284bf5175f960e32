import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  isPublicAddress,
  OutboundError,
  sendOutbound,
  type OutboundPolicy,
} from '../../../server/integrations/outbound-request';

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
