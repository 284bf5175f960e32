import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import ipaddr from 'ipaddr.js';

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests) have no socket.
    return 'unknown';
  }
}

/**
 * The caller's address. Behind `trustedHops` proxies, each appends the address it saw to X-Forwarded-For, so the
 * client is the entry that many places from the right (counting the socket as the nearest); anything further
 * left was written by the client and proves nothing. With fewer entries than hops, the leftmost one is taken.
 */
function clientAddress(c: Context, trustedHops: number): string {
  const socket = socketAddress(c);
  if (trustedHops <= 0) return socket;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const nearestFirst = [socket, ...forwarded.reverse()];
  return nearestFirst[Math.min(trustedHops, nearestFirst.length - 1)]!;
}

/**
 * What a per-client limit counts by: an IPv4 address, or the /64 of an IPv6 one (one subscriber's network: a
 * phone or a home gets a whole /64 and can pick any address in it). IPv4-mapped IPv6 counts as its IPv4.
 */
function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4).join(':');
  return `${network}::/64`;
}

/** The limit key of the request's client. */
export const clientLimitKey = (c: Context, trustedHops: number): string => clientKey(clientAddress(c, trustedHops));

/**
 * The request's client as consent evidence (decision 032): its address as the server saw it (through `trustedHops`
 * proxies; IPv4-mapped IPv6 written as IPv4) and its user agent, at most 512 characters. Null for what the request
 * does not have: an in-process request has no socket.
 */
export function seenClient(c: Context, trustedHops: number): SeenClient {
  const address = clientAddress(c, trustedHops);
  return {
    clientAddress: ipaddr.isValid(address) ? ipaddr.process(address).toString() : null,
    userAgent: c.req.header('user-agent')?.slice(0, 512) || null,
  };
}

export interface SeenClient {
  clientAddress: string | null;
  userAgent: string | null;
}
