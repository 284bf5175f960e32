import type { MiddlewareHandler } from 'hono';
import { ApiError } from './api-error';

const UNSAFE = /^(?:POST|PUT|PATCH|DELETE)$/;

/** Where the console may be used from. */
export interface ConsoleOrigins {
  publicUrl: string;
  /** TRUSTED_ORIGINS: other addresses an owner has vouched for (the wash's own network name, a second domain). */
  trusted: readonly string[];
  /**
   * Outside production, the address a request actually reached is the console's too: `npm start` prints
   * localhost, but the owner may open 127.0.0.1 or the counter's tablet the machine's LAN address.
   */
  acceptReachedAddress: boolean;
}

/** The origins a console write may come from, for this request. */
export function allowedOrigins(policy: ConsoleOrigins, request: Request): string[] {
  const origins = [new URL(policy.publicUrl).origin, ...policy.trusted];
  if (policy.acceptReachedAddress) origins.push(new URL(request.url).origin);
  return origins;
}

/** Said when the console was opened at an address this server does not accept: never "wrong password". */
function wrongOriginMessage(policy: ConsoleOrigins, origin: string): string {
  return (
    `Open the console at ${policy.publicUrl}/admin: this server does not accept sign-ins from ${origin}. ` +
    'To use this address as well, add it to TRUSTED_ORIGINS.'
  );
}

/**
 * A cookie rides along with any request a browser sends, so a write made with the console's session must come
 * from the console's own pages. A request another site made (Fetch Metadata's Sec-Fetch-Site) is refused as a
 * forgery; one from the console opened at an address this server does not accept (Origin) is refused saying which
 * address to use. Clients that send neither (a point-of-sale, curl) are not browsers and carry no one's cookie.
 */
export function sameOriginWrites(policy: ConsoleOrigins): MiddlewareHandler {
  return async (c, next) => {
    if (UNSAFE.test(c.req.method)) {
      const site = c.req.header('sec-fetch-site');
      if (site !== undefined && site !== 'same-origin') {
        throw new ApiError(403, 'forbidden', 'This request did not come from the console.');
      }
      const origin = c.req.header('origin');
      if (origin !== undefined && !allowedOrigins(policy, c.req.raw).includes(origin)) {
        throw new ApiError(403, 'wrong_origin', wrongOriginMessage(policy, origin));
      }
    }
    await next();
  };
}
