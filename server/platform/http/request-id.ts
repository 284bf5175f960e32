import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { nodeAnswerOf } from './response-headers';

declare module 'hono' {
  interface ContextVariableMap {
    /** This request's id: the caller's `x-request-id` when it is sane, else one of ours. */
    requestId: string;
  }
}

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a proxy's or a client's id may look like to be kept: short, and nothing that could break a log line or a
 * header. hono/request-id refuses `.` and `:`, which some tracing formats use, hence this small middleware.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const isSaneRequestId = (id: string | undefined): id is string => !!id && SANE_REQUEST_ID.test(id);

const requests = new AsyncLocalStorage<string>();

/** The id of the request being handled, wherever in its work this runs; undefined outside any request. */
export const currentRequestId = (): string | undefined => requests.getStore();

/**
 * Gives every request an id, echoed in the answer's `x-request-id`: the incoming one when sane, else a new UUID.
 * The rest of the request runs with it in scope, so every log line written meanwhile carries it (logger.ts).
 */
export function requestId(): MiddlewareHandler {
  // Not async: the request runs inside `run`, whose promise Hono awaits.
  return (c, next) => {
    const incoming = c.req.header(REQUEST_ID_HEADER);
    const id = isSaneRequestId(incoming) ? incoming : randomUUID();
    c.set('requestId', id);
    // Set before the answer exists, so every answer carries it, error pages and the SPA's included.
    const outgoing = nodeAnswerOf(c);
    if (outgoing) outgoing.setHeader(REQUEST_ID_HEADER, id);
    else c.header(REQUEST_ID_HEADER, id);
    return requests.run(id, next);
  };
}
