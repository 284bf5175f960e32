import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { ENVIRONMENT_KEY_ID, POINT_OF_SALE_SCOPES, type ApiKeyScope } from '../../../src/domain/api-keys';
import type { StaffMember, StaffRole } from '../../../src/domain/staff';
import { findKeyGrant, type KeyGrant } from '../../features/api-keys/api-keys';
import type { Actor } from '../../features/audit/record-audit';
import type { Db } from '../db/client';
import { ApiError } from '../http/api-error';
import { clientLimitKey } from '../http/client-address';
import { described } from '../http/route-description';
import { sameOriginWrites, type ConsoleOrigins } from '../http/same-origin';
import type { Throttles } from '../limits/throttles';
import type { Auth } from '../../features/staff/auth';
import { findStaff } from '../../features/staff/list-staff';

/**
 * Who is calling /api/admin: a signed-in staff member; an API key (a till or an integration: ADMIN_API_KEY or one
 * an owner made), which may do only what its scopes say; or the command line on the server's own machine
 * (`npm run staff`, `npm run member`), which acts for the operator as the database itself would.
 */
export type Principal = { kind: 'staff'; staff: StaffMember } | { kind: 'key'; key: KeyGrant } | { kind: 'cli' };

export interface AdminEnv {
  Variables: { principal: Principal; client: string };
}

export interface PrincipalDeps {
  db: Db;
  auth: Auth;
  /** ADMIN_API_KEY: a point-of-sale key (POINT_OF_SALE_SCOPES, every site). */
  adminApiKey: string | undefined;
  /** On the embedded database, the key the server keeps in DATA_DIR for the command line on its machine. */
  cliKey: string | undefined;
  origins: ConsoleOrigins;
  throttles: Throttles;
  trustProxyHops: number;
}

function sameSecret(given: string, expected: string | undefined): boolean {
  if (!expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What ADMIN_API_KEY may do: a point-of-sale's work, for every site. */
const ENVIRONMENT_KEY: KeyGrant = {
  id: ENVIRONMENT_KEY_ID,
  name: 'ADMIN_API_KEY',
  scopes: POINT_OF_SALE_SCOPES,
  sites: [],
};

/**
 * Sets `principal`. A bearer header is a key (wrong keys are throttled per client, and past the budget even the
 * right key waits out the hour); without one, the staff session cookie. A disabled staff member's session, and a
 * revoked key, no longer count.
 */
export function authenticate(deps: PrincipalDeps): MiddlewareHandler<AdminEnv> {
  const sameOrigin = sameOriginWrites(deps.origins);
  return async (c, next) => {
    const client = clientLimitKey(c, deps.trustProxyHops);
    c.set('client', client);
    const header = c.req.header('authorization');
    if (header !== undefined) {
      await deps.throttles.adminKeyFailures.check(c, client);
      const given = /^Bearer (.+)$/.exec(header)?.[1];
      const principal: Principal | null = !given
        ? null
        : sameSecret(given, deps.cliKey)
          ? { kind: 'cli' }
          : sameSecret(given, deps.adminApiKey)
            ? { kind: 'key', key: ENVIRONMENT_KEY }
            : await findKeyGrant(deps.db, given).then((key) => (key ? { kind: 'key' as const, key } : null));
      if (!principal) {
        await deps.throttles.adminKeyFailures.take(c, client);
        c.header('WWW-Authenticate', 'Bearer');
        throw new ApiError(401, 'unauthorized', 'A valid admin bearer token is required.');
      }
      c.set('principal', principal);
      return next();
    }

    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    const member = session ? await findStaff(deps.db, session.user.id) : null;
    if (!member || member.disabled) {
      throw new ApiError(401, 'unauthorized', 'Sign in to use the console.');
    }
    // A one-time password opens nothing but its own change (`POST /api/auth/change-password`) and who is signed in.
    if (member.passwordChangeRequired && c.req.path !== '/api/admin/me') {
      throw new ApiError(403, 'password_change_required', 'Choose your own password before going on.');
    }
    c.set('principal', { kind: 'staff', staff: member });
    return sameOrigin(c, next);
  };
}

/**
 * The one door of each route under /api/admin: the staff roles it admits and, when a key may call it, the scope
 * the key needs. The command line on the server's machine acts for the operator and passes every door. The door is
 * also what the API description says of the route's credential (the key's scope included), so it is stated once.
 */
export function allow(...rule: [...StaffRole[], { key: ApiKeyScope }] | StaffRole[]): MiddlewareHandler<AdminEnv> {
  const last = rule[rule.length - 1];
  const keyScope = typeof last === 'object' ? last.key : undefined;
  const roles = rule.filter((item): item is StaffRole => typeof item === 'string');
  const door: MiddlewareHandler<AdminEnv> = async (c, next) => {
    const principal = c.get('principal');
    if (principal.kind === 'staff' && !roles.includes(principal.staff.role)) {
      throw new ApiError(403, 'forbidden', 'Your role may not do this.');
    }
    if (principal.kind === 'key' && (!keyScope || !principal.key.scopes.includes(keyScope))) {
      throw new ApiError(
        403,
        'forbidden',
        keyScope
          ? `This API key may not do this: it needs the ${keyScope} permission.`
          : 'API keys may not do this: sign in to the console as an owner.',
      );
    }
    return next();
  };
  return described(door, 'admin', keyScope);
}

/** The staff member calling; a key or the command line is refused, as no staff member. */
export function staffOf(principal: Principal): StaffMember {
  if (principal.kind !== 'staff') throw new ApiError(403, 'forbidden', 'The bearer key is not a staff member.');
  return principal.staff;
}

/** The door of a route about the signed-in staff member themself: no key, not even the command line's. */
export const signedInStaff: MiddlewareHandler<AdminEnv> = described(async (c, next) => {
  staffOf(c.get('principal'));
  return next();
}, 'session');

/** The sites a caller may see: a manager's own, a key's own when it has a list, every site otherwise. */
export function visibleSites(principal: Principal): 'all' | string[] {
  if (principal.kind === 'staff') return principal.staff.role === 'manager' ? principal.staff.sites : 'all';
  if (principal.kind === 'key' && principal.key.sites.length > 0) return [...principal.key.sites];
  return 'all';
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
  switch (principal.kind) {
    case 'staff':
      return { kind: 'staff', id: principal.staff.id };
    case 'key':
      return { kind: 'key', id: principal.key.id };
    case 'cli':
      return { kind: 'cli' };
  }
}

/** Who acted and from where: what every audited route records beside its action and subject. */
export const auditedBy = (c: Context<AdminEnv>) => ({ actor: actorOf(c.get('principal')), client: c.get('client') });

/** Whom a throttle of issuing counts against: one budget per staff member, per key, and one for the command line. */
export function issuerKey(principal: Principal): string {
  const actor = actorOf(principal);
  return actor.kind === 'cli' ? 'cli' : `${actor.kind}:${actor.id}`;
}
