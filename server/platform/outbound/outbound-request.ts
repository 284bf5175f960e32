import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';

/** How requests to operator-configured URLs (webhook receivers, the SMS provider) may go out. */
export interface OutboundPolicy {
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: private, loopback and link-local addresses, and plain http, are allowed. */
  allowPrivateNetworks: boolean;
  /** The whole try: connecting, sending, and the answer's headers and first bytes. Default 10 s. */
  timeoutMs?: number;
  /** Resolves host names; tests give a fake one (default: the system's, all addresses). */
  lookup?: (hostname: string) => Promise<LookupAddress[]>;
}

export type OutboundFailure =
  'invalid_url' | 'scheme_not_allowed' | 'private_address' | 'timeout' | 'connection_failed' | 'dns_failed';

/** Why a request did not get an answer. The message names the host at most, never the path, query or body. */
export class OutboundError extends Error {
  constructor(readonly code: OutboundFailure) {
    super(`Outbound request failed: ${code}`);
    this.name = 'OutboundError';
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;
const ANSWER_BYTES_KEPT = 2048;

/** The Internet's IPv6 addresses: every global unicast block is allocated from here. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
/** NAT64's well-known prefix (RFC 6052): the last 32 bits are the IPv4 address the gateway connects to. */
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

const isPublicIPv4 = (address: ipaddr.IPv4) => address.range() === 'unicast';

/**
 * Only public unicast addresses are reachable without WEBHOOK_ALLOW_PRIVATE_NETWORKS. Judged at the form and at
 * connect time alike, so an address refused here is refused however the receiver's name resolves.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return isPublicIPv4(parsed as ipaddr.IPv4);
  const ipv6 = parsed as ipaddr.IPv6;
  // On an IPv6-only host, DNS64 answers with NAT64 addresses for every IPv4 receiver: judge the IPv4 inside.
  if (ipv6.match(NAT64)) {
    const high = ipv6.parts[6]!;
    const low = ipv6.parts[7]!;
    return isPublicIPv4(new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]));
  }
  // Outside 2000::/3 lie loopback, unique-local, link-local and multicast, and also what ipaddr.js calls plain
  // unicast: IPv4-compatible ::/96 (`[::127.0.0.1]`, which URL writes [::7f00:1]) and the rest of the unassigned
  // space. Inside it, ipaddr.js names the ranges that are not plain unicast: among them 6to4 (2002::/16) and
  // Teredo (2001::/32), which carry an IPv4 address of the sender's choosing and are refused whatever it is.
  return ipv6.match(GLOBAL_UNICAST) && ipv6.range() === 'unicast';
}

/**
 * localhost and its subdomains are loopback by definition (RFC 6761), with or without the root's trailing dot
 * (`localhost.` is the same name fully qualified, and resolves the same way).
 */
function isLocalName(hostname: string): boolean {
  let name = hostname;
  while (name.endsWith('.')) name = name.slice(0, -1);
  return name === 'localhost' || name.endsWith('.localhost');
}
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** The form's check: a well-formed absolute URL the policy allows, judged without a DNS lookup. */
export function checkOutboundUrl(
  url: string,
  policy: OutboundPolicy,
): { ok: true; url: URL } | { ok: false; reason: 'invalid_url' | 'scheme_not_allowed' | 'private_address' } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'invalid_url' };
  }
  if (parsed.username || parsed.password || !parsed.hostname) return { ok: false, reason: 'invalid_url' };
  const schemes = policy.allowPrivateNetworks ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(parsed.protocol)) return { ok: false, reason: 'scheme_not_allowed' };
  if (!policy.allowPrivateNetworks) {
    const host = bare(parsed.hostname);
    if (isLocalName(host) || (ipaddr.isValid(host) && !isPublicAddress(host))) {
      return { ok: false, reason: 'private_address' };
    }
  }
  return { ok: true, url: parsed };
}

const systemLookup = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** Marks a refusal made inside undici's connect, where only an Error's cause survives the trip back. */
class RefusedAddress extends Error {
  constructor() {
    super('private_address');
    this.name = 'RefusedAddress';
  }
}

/**
 * One dispatcher per policy. Its lookup is where every address is judged, at connect time, so a name that resolves
 * to a public address when checked and a private one when used (DNS rebinding) is still refused.
 */
const agents = new Map<string, Agent>();
function agentFor(policy: OutboundPolicy): Agent {
  const resolve = policy.lookup ?? systemLookup;
  const key = `${policy.allowPrivateNetworks}`;
  if (!policy.lookup && agents.has(key)) return agents.get(key)!;
  const agent = new Agent({
    keepAliveTimeout: 10_000,
    connections: 16,
    connect: {
      lookup: (hostname, options, callback) => {
        resolve(hostname)
          .then((addresses) => {
            if (addresses.length === 0) throw new Error('no address');
            if (!policy.allowPrivateNetworks && addresses.some(({ address }) => !isPublicAddress(address))) {
              return callback(new RefusedAddress(), '', 4);
            }
            if (options.all) return callback(null, addresses);
            return callback(null, addresses[0]!.address, addresses[0]!.family);
          })
          .catch((error: Error) => callback(Object.assign(error, { code: 'ENOTFOUND' }), '', 4));
      },
    },
  });
  if (!policy.lookup) agents.set(key, agent);
  return agent;
}

function failureOf(error: unknown): OutboundFailure {
  const chain: unknown[] = [];
  for (let e: unknown = error; e && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  if (chain.some((e) => e instanceof RefusedAddress || (e as Error).message === 'private_address')) {
    return 'private_address';
  }
  if (chain.some((e) => (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError')) return 'timeout';
  if (chain.some((e) => ['ENOTFOUND', 'EAI_AGAIN'].includes((e as { code?: string }).code ?? ''))) {
    return 'dns_failed';
  }
  if (chain.some((e) => (e as { code?: string }).code === 'UND_ERR_CONNECT_TIMEOUT')) return 'timeout';
  return 'connection_failed';
}

/**
 * POSTs to an operator-configured URL under the policy: https only (unless private networks are allowed), no
 * private address, no redirect followed, the whole try bounded. Answers the status and the start of the body.
 */
export async function sendOutbound(
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
  policy: OutboundPolicy,
): Promise<{ status: number; body: string }> {
  const check = checkOutboundUrl(url, policy);
  if (!check.ok) throw new OutboundError(check.reason);
  const signal = AbortSignal.timeout(policy.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    const response = await undiciFetch(check.url, {
      ...init,
      redirect: 'manual',
      signal,
      dispatcher: agentFor(policy),
    });
    const body = (await response.text()).slice(0, ANSWER_BYTES_KEPT);
    return { status: response.status, body };
  } catch (error) {
    throw new OutboundError(failureOf(error));
  }
}
