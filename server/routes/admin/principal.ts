import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { StaffMember, StaffRole } from '../../../src/domain/staff';
import type { Actor } from '../../audit/record-audit';
import type { Db } from '../../db/client';
import { ApiError } from '../../lib/api-error';
import { clientLimitKey } from '../../lib/client-address';
import { sameOriginWrites } from '../../lib/same-origin';
import type { Throttles } from '../../limits/throttles';
import type { Auth } from '../../staff/auth';
import { findStaff } from '../../staff/list-staff';

/** Who is calling /api/admin: the point-of-sale (or the command line) with the bearer key, or a signed-in staff member. */
export type Principal = { kind: 'key' } | { kind: 'staff'; staff: StaffMember };

export interface AdminEnv {
  Variables: { principal: Principal; client: string };
}

export interface PrincipalDeps {
  db: Db;
  auth: Auth;
  /** Bearer keys accepted: ADMIN_API_KEY and, on the embedded database, the local command-line key. */
  adminKeys: string[];
  publicUrl: string;
  throttles: Throttles;
  trustProxyHops: number;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Sets `principal`. A bearer header is the point-of-sale's key, checked as before (wrong keys are throttled per
 * client, and past the budget even the right key waits out the hour); without one, the staff session cookie.
 * A disabled staff member's session no longer counts.
 */
export function authenticate(deps: PrincipalDeps): MiddlewareHandler<AdminEnv> {
  const sameOrigin = sameOriginWrites(deps.publicUrl);
  return async (c, next) => {
    const client = clientLimitKey(c, deps.trustProxyHops);
    c.set('client', client);
    const header = c.req.header('authorization');
    if (header !== undefined) {
      await deps.throttles.adminKeyFailures.check(c, client);
      const given = /^Bearer (.+)$/.exec(header)?.[1];
      if (!given || !deps.adminKeys.some((key) => sameSecret(given, key))) {
        await deps.throttles.adminKeyFailures.take(c, client);
        c.header('WWW-Authenticate', 'Bearer');
        throw new ApiError(401, 'unauthorized', 'A valid admin bearer token is required.');
      }
      c.set('principal', { kind: 'key' });
      return next();
    }

    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    const member = session ? await findStaff(deps.db, session.user.id) : null;
    if (!member || member.disabled) {
      throw new ApiError(401, 'unauthorized', 'Sign in to use the console.');
    }
    c.set('principal', { kind: 'staff', staff: member });
    return sameOrigin(c, next);
  };
}

/** Refuses a staff member whose role is not listed; the bearer key acts for the whole operator. */
export function allow(...roles: StaffRole[]): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    if (principal.kind === 'staff' && !roles.includes(principal.staff.role)) {
      throw new ApiError(403, 'forbidden', 'Your role may not do this.');
    }
    return next();
  };
}

/** The sites a caller may see: every site for the key and owners, a manager's own otherwise. */
export function visibleSites(principal: Principal): 'all' | string[] {
  return principal.kind === 'staff' && principal.staff.role === 'manager' ? principal.staff.sites : 'all';
}

/**
 * The sites a list or figure covers: the one asked for, if the caller may see it (403 otherwise: a manager's
 * edited request gets nothing of another site), or every site the caller may see.
 */
export function siteScope(principal: Principal, site: string | undefined): 'all' | string[] {
  const visible = visibleSites(principal);
  if (site === undefined) return visible;
  if (visible !== 'all' && !visible.includes(site)) {
    throw new ApiError(403, 'forbidden', 'You may see only your own sites.');
  }
  return [site];
}

export function actorOf(principal: Principal): Actor {
  return principal.kind === 'staff' ? { kind: 'staff', id: principal.staff.id } : { kind: 'key' };
}
