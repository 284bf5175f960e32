import { Hono } from 'hono';
import { registrationAnswerSchema } from '../../../src/domain/api-answers';
import type { Db } from '../../db/client';
import { ApiError } from '../../lib/api-error';
import { clientLimitKey } from '../../lib/client-address';
import { describe } from '../../lib/route-description';
import type { Throttles } from '../../limits/throttles';
import { findRegistration } from '../../registrations/find-registration';

/**
 * `GET /api/registration-tokens/:token`. A known code always answers, whoever shares the caller's address (a
 * carrier's NAT); misses are counted per client, and past the budget they get 429 instead of 404.
 */
export function registrationTokenRoutes(deps: { db: Db; throttles: Throttles; trustProxyHops: number }): Hono {
  const app = new Hono();

  app.get(
    '/:token',
    describe({
      summary: 'Look up a registration by the code in its link',
      answers: {
        200: {
          description: "The registration, with a returning member's saved profile.",
          body: registrationAnswerSchema,
        },
      },
      refusals: ['unauthorized', 'not_found', 'rate_limited'],
      access: 'apiKey',
    }),
    async (c) => {
      const registration = await findRegistration(deps.db, c.req.param('token'));
      if (!registration) {
        await deps.throttles.lookupMisses.take(c, clientLimitKey(c, deps.trustProxyHops));
        throw new ApiError(404, 'not_found', 'This registration code is invalid or has expired.');
      }
      return c.json(registration);
    },
  );

  return app;
}
