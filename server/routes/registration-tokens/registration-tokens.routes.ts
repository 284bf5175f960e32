import { Hono } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, registrations } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { clientLimitKey } from '../../lib/client-address';
import { hashToken, looksLikeToken } from '../../lib/tokens';
import type { Throttles } from '../../limits/throttles';
import { toRegistration } from './registration-record';

export interface RegistrationTokenDeps {
  db: Db;
  throttles: Throttles;
  trustProxyHops: number;
}

/**
 * The member's last profile completed through a code the operator issued to this number. A manual sign-up
 * proves nothing about the number it carries, so it never pre-fills anyone's form.
 */
async function verifiedProfile(db: Db, mobileNumber: string) {
  const [row] = await db
    .select({ customer: customers })
    .from(customers)
    .innerJoin(registrations, eq(registrations.id, customers.registrationId))
    .where(and(eq(customers.mobileNumber, mobileNumber), eq(registrations.isManual, false)))
    .orderBy(desc(customers.createdAt))
    .limit(1);
  return row?.customer;
}

/**
 * `GET /api/registration-tokens/:token`. A known code always answers, whoever shares the caller's address (a
 * carrier's NAT); misses are counted per client, and past the budget they get 429 instead of 404.
 */
export function registrationTokenRoutes(deps: RegistrationTokenDeps): Hono {
  const app = new Hono();

  app.get('/:token', async (c) => {
    const token = c.req.param('token');
    const [row] = looksLikeToken(token)
      ? await deps.db
          .select()
          .from(registrations)
          .where(eq(registrations.tokenHash, hashToken(token)))
      : [];
    // A completed registration still answers after its expiry: the customer is sent to thank-you, not told off.
    const usable = row && (row.isCompleted || !row.expiresAt || row.expiresAt > new Date());
    if (!row || !usable) {
      await deps.throttles.lookupMisses.take(c, clientLimitKey(c, deps.trustProxyHops));
      throw new ApiError(404, 'not_found', 'This registration code is invalid or has expired.');
    }

    const profile =
      row.isReturningCustomer && !row.isCompleted ? await verifiedProfile(deps.db, row.mobileNumber) : undefined;
    return c.json(toRegistration(row, token, profile));
  });

  return app;
}
