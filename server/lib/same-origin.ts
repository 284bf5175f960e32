import type { MiddlewareHandler } from 'hono';
import { ApiError } from './api-error';

const UNSAFE = /^(?:POST|PUT|PATCH|DELETE)$/;

/**
 * A cookie rides along with any request a browser sends, so a write made with the console's session must come
 * from the console's own pages: refused when the browser says it came from elsewhere (Origin, or Fetch Metadata's
 * Sec-Fetch-Site). Clients that send neither (a point-of-sale, curl) are not browsers and carry no one's cookie.
 * A JSON body already needs a CORS preflight nobody grants; this does not rely on that alone.
 */
export function sameOriginWrites(publicUrl: string): MiddlewareHandler {
  const ours = new URL(publicUrl).origin;
  return async (c, next) => {
    if (UNSAFE.test(c.req.method)) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      if ((origin !== undefined && origin !== ours) || (site !== undefined && site !== 'same-origin')) {
        throw new ApiError(403, 'forbidden', 'This request did not come from the console.');
      }
    }
    await next();
  };
}
