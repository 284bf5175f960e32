import type { MiddlewareHandler } from 'hono';

/**
 * Whether this instance is serving requests right now. Background work that can wait (webhook deliveries) asks it
 * before taking more, so a burst of customers is not slowed by the deliveries their own sign-ups cause.
 */
export interface RequestLoad {
  middleware: MiddlewareHandler;
  busy: () => boolean;
}

/** Requests are counted from arrival to answer; "busy" lasts a moment after the last one, as bursts have gaps. */
export function requestLoad(quietMs = 50, now = () => performance.now()): RequestLoad {
  let inFlight = 0;
  let lastAnswered = -Infinity;
  return {
    middleware: async (_c, next) => {
      inFlight += 1;
      try {
        await next();
      } finally {
        inFlight -= 1;
        lastAnswered = now();
      }
    },
    busy: () => inFlight > 0 || now() - lastAnswered < quietMs,
  };
}
