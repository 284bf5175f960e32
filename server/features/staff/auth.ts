import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { PASSWORD_LENGTH } from '../../../src/domain/staff';
import type { Db } from '../../platform/db/client';
import { allowedOrigins, type ConsoleOrigins } from '../../platform/http/same-origin';
import { passwordHashing } from './password-hashing';
import { eq } from 'drizzle-orm';
import { staff, staffAccounts, staffSessions, staffVerifications } from '../../platform/db/schema';

/** Where the library's own endpoints live (sign-in, sign-out, password change, session). */
export const AUTH_BASE_PATH = '/api/auth';

const SESSION_DAYS = 7;
/** What the library logs when a hook refuses a session: a disabled account's sign-in, expected and audited. */
const REFUSED_SESSION = 'Failed to create session';

/**
 * What the library may log. Its warnings ("User not found" on every wrong email) are ours to count, in the throttles
 * and the audit log; so is the refused session of a disabled account (below), which it reports as an error.
 */
export const authLogger = {
  level: 'error',
  log: (level: string, message: string, ...args: unknown[]) => {
    if (message !== REFUSED_SESSION) console.error(`[better-auth] ${level}: ${message}`, ...args);
  },
} as const;

/**
 * Staff sign-in through better-auth: email and password (hashed as the library does it, scrypt), sessions in its
 * HttpOnly, SameSite=Lax cookie, Secure when the public URL is https, and its CSRF checks (Origin and Fetch
 * Metadata on every cookie-bearing request). Nobody signs up: accounts are added by an owner or the command line
 * (server/features/staff/add-staff.ts). Throttling and the audit happen around it, in server/features/staff.
 */
export function createAuth(options: { db: Db; origins: ConsoleOrigins; secret: string }) {
  const publicUrl = options.origins.publicUrl;
  return betterAuth({
    appName: 'Club Profile console',
    baseURL: publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    // The same origins as our own check (server/platform/http/same-origin.ts), which answers first and says which to use.
    trustedOrigins: (request) => (request ? allowedOrigins(options.origins, request) : [new URL(publicUrl).origin]),
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { staff, staffSessions, staffAccounts, staffVerifications },
    }),
    user: {
      modelName: 'staff',
      additionalFields: {
        role: { type: 'string', required: true, defaultValue: 'manager', input: false },
        sites: { type: 'string[]', required: true, defaultValue: [], input: false },
        disabled: { type: 'boolean', required: true, defaultValue: false, input: false },
      },
    },
    session: { modelName: 'staffSessions', expiresIn: SESSION_DAYS * 24 * 60 * 60 },
    account: { modelName: 'staffAccounts' },
    verification: { modelName: 'staffVerifications' },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_LENGTH.min,
      maxPasswordLength: PASSWORD_LENGTH.max,
      password: {
        hash: (password) => passwordHashing.hash(password),
        verify: (data) => passwordHashing.verify(data),
      },
    },
    // Our throttles count failures per email and per client in the shared store; the library's would count
    // requests per instance.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: authLogger,
    databaseHooks: {
      session: {
        create: {
          // The one door to a session, whatever the way in: a disabled account checks its password like any other
          // (the same work, so the same time) and is refused here, after it.
          before: async (session) => {
            const [member] = await options.db
              .select({ disabled: staff.disabled })
              .from(staff)
              .where(eq(staff.id, session.userId));
            return member !== undefined && !member.disabled;
          },
        },
      },
    },
    advanced: {
      cookiePrefix: 'club-console',
      useSecureCookies: publicUrl.startsWith('https://'),
      database: { generateId: () => crypto.randomUUID() },
      // The address a session came from would be read from headers a client can write; the audit log keeps the
      // address the throttles trust instead.
      ipAddress: { disableIpTracking: true },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
