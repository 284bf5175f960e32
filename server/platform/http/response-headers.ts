import type { Http2ServerResponse } from 'node:http2';
import type { ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';

/**
 * Sets a header on the answer a handler already made. `c.header()` would rebuild that answer around its body as a
 * stream, once per call: on @hono/node-server that turns a string body into a web stream read back chunk by chunk,
 * which cost the in-memory vehicle list most of its rate. The answer's own headers are changed in place instead;
 * only an answer whose headers are immutable (`Response.redirect`, a proxied `fetch`) takes Hono's way.
 */
export function setResponseHeader(c: Pick<Context, 'res' | 'header'>, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/** The Node answer @hono/node-server writes this request's Response to; undefined under `app.request` (tests). */
export const nodeAnswerOf = (c: Context): Pick<ServerResponse | Http2ServerResponse, 'setHeader'> | undefined =>
  (c.env as { outgoing?: ServerResponse | Http2ServerResponse } | undefined)?.outgoing;

/**
 * Headers every answer carries unless it names its own. On Node they are set on the outgoing message before the
 * route runs: @hono/node-server's `writeHead` lays the Response's own headers over them, and the Response is never
 * asked for its headers. Reading or changing them afterwards (as under `app.request`) turns its plain header
 * object into a web `Headers`, whose validation and sorting cost more than the rest of a small answer's middleware.
 */
export function defaultHeaders(headers: readonly (readonly [string, string])[]): MiddlewareHandler {
  const afterTheAnswer: MiddlewareHandler = async (c, next) => {
    await next();
    for (const [name, value] of headers) if (!c.res.headers.has(name)) setResponseHeader(c, name, value);
  };
  // Not async on Node: it only hands over to the route, whose promise Hono awaits.
  return (c, next) => {
    const outgoing = nodeAnswerOf(c);
    if (!outgoing) return afterTheAnswer(c, next);
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return next();
  };
}
