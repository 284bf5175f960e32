import type { Context } from 'hono';

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
