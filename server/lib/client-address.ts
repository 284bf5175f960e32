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
