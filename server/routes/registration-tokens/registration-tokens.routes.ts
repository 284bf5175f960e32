import { Hono } from 'hono';
import { desc, eq } from 'drizzle-orm';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Db } from '../../db/client';
import { customers, registrations } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { clientAddress } from '../../lib/client-address';
import { hashToken, looksLikeToken } from '../../lib/tokens';
import { toRegistration } from './registration-record';

export interface RegistrationTokenDeps {
  db: Db;
  missesPerMinute: number;
  trustProxy: boolean;
}

/**
 * `GET /api/registration-tokens/:token`. Misses are counted per client address: guessing codes gets a 429
 * long before it gets anywhere (a code has 192 bits). The count lives in this process; see the README.
 */
export function registrationTokenRoutes(deps: RegistrationTokenDeps): Hono {
  const misses = new RateLimiterMemory({ points: deps.missesPerMinute, duration: 60 });
  const app = new Hono();

  app.get('/:token', async (c) => {
    const address = clientAddress(c, deps.trustProxy);
    const counted = await misses.get(address);
    if (counted && counted.consumedPoints >= deps.missesPerMinute) {
      c.header('Retry-After', String(Math.max(1, Math.ceil(counted.msBeforeNext / 1000))));
      throw new ApiError(429, 'rate_limited', 'Too many unknown registration codes. Try again in a minute.');
    }

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
      await misses.consume(address).catch(() => undefined);
      throw new ApiError(404, 'not_found', 'This registration code is invalid or has expired.');
    }

    const [profile] =
      row.isReturningCustomer && !row.isCompleted
        ? await deps.db
            .select()
            .from(customers)
            .where(eq(customers.mobileNumber, row.mobileNumber))
            .orderBy(desc(customers.createdAt))
            .limit(1)
        : [];
    return c.json(toRegistration(row, token, profile));
  });

  return app;
}
