import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../http/api-error';
import { described } from '../http/route-description';

/** Refuses a request without API_KEY in its `x-api-key` header. */
export function productKeyCheck(apiKey: string): MiddlewareHandler {
  // Not async: it only hands over to the route, whose promise Hono awaits (a refusal thrown here is caught as one
  // thrown from an async middleware).
  return (c, next) => {
    if (c.req.header('x-api-key') !== apiKey) {
      throw new ApiError(401, 'unauthorized', 'A valid x-api-key header is required.');
    }
    return next();
  };
}

/**
 * The door of the product routes (the customer app's lookup, profile, survey and vehicles): API_KEY in the
 * `x-api-key` header. Each of those routes names it where it is defined, and the API description reads it there;
 * the console's and the tills' routes have theirs (`allow`), and health, readiness, sign-in and the description
 * itself need none.
 */
export const productKey = (apiKey: string) => described(productKeyCheck(apiKey), 'apiKey');
