import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { setResponseHeader } from './response-headers';

/** hono/compress's own default: below it, when the length is known, an answer is sent as it is. */
const THRESHOLD_BYTES = 1024;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const VARIES_BY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * hono/compress for whoever asks: on a phone in a car park the bytes are the wait. A request without
 * Accept-Encoding (a server-to-server client, a load test) can be answered nothing but identity, so it skips the
 * compressor and only gets the `Vary: Accept-Encoding` the compressor would have added, under the same
 * conditions, set in place (see response-headers.ts) rather than by rebuilding the answer.
 */
export function compression(): MiddlewareHandler {
  const compressor = compress({ threshold: THRESHOLD_BYTES });
  return async (c, next) => {
    if (c.req.header('Accept-Encoding') !== undefined) return compressor(c, next);
    await next();
    const { headers, status } = c.res;
    const length = headers.get('Content-Length');
    const type = headers.get('Content-Type');
    const cacheControl = headers.get('Cache-Control');
    if (
      status === 206 ||
      c.req.method === 'HEAD' ||
      headers.has('Content-Encoding') ||
      headers.has('Transfer-Encoding') ||
      (length && Number(length) < THRESHOLD_BYTES) ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      (cacheControl && NO_TRANSFORM.test(cacheControl))
    ) {
      return;
    }
    const vary = headers.get('Vary');
    if (vary !== '*' && !(vary && VARIES_BY_ENCODING.test(vary))) {
      setResponseHeader(c, 'Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
  };
}
