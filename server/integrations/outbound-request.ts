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

/** Only public unicast addresses are reachable without WEBHOOK_ALLOW_PRIVATE_NETWORKS. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  return ipaddr.process(address).range() === 'unicast';
}

const isLocalName = (hostname: string) => hostname === 'localhost' || hostname.endsWith('.localhost');
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
