import type { Context } from 'hono';
import type { FirstLookup } from '../../../src/domain/registration-lookup';
import type { Db } from '../../platform/db/client';
import { ApiError } from '../../platform/http/api-error';
import { clientLimitKey } from '../../platform/http/client-address';
import type { Throttles } from '../../platform/limits/throttles';
import { findRegistration } from '../registrations/find-registration';

export interface PageLookupDeps {
  db: Db;
  throttles: Throttles;
  trustProxyHops: number;
}

/**
 * A browser opening the page itself, not a link preview, a crawler or a script: only such a request gets the
 * registration in the page and marks it opened (decision 016). Browsers send these headers on every navigation.
 */
export const isBrowserNavigation = (c: Context) =>
  c.req.header('sec-fetch-mode') === 'navigate' && c.req.header('sec-fetch-dest') === 'document';

/**
 * What `GET /api/registration-tokens/:token` would answer, for the page to carry: the same lookup (the first one
 * marks the code opened), a miss counted against the caller alike. Undefined when the page should leave the lookup to
 * the client, which then meets the same answer the API gives: the caller is over its budget (429), or the
 * database did not answer (the client's "Try again" covers it).
 */
export async function lookUpForPage(
  c: Context,
  deps: PageLookupDeps,
  token: string,
  onError: (error: unknown) => void,
): Promise<FirstLookup | undefined> {
  try {
    const registration = await findRegistration(deps.db, token);
    if (registration) {
      // The code stays in the address bar only: what the page carries is what the client cannot already see.
      const { token: _, ...rest } = registration;
      return { kind: 'found', registration: rest };
    }
    await deps.throttles.lookupMisses.take(c, clientLimitKey(c, deps.trustProxyHops));
    return { kind: 'refused' };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 429)) onError(error);
    return undefined;
  }
}
