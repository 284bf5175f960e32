import { ApiError } from './api-error';

/**
 * The answer for a path or method nobody serves. A router that needs no credential (health, readiness, the API's
 * description) answers its own unknown paths with it; anything else falls through to the app's, which asks for
 * the product key first.
 */
export const noSuchRoute = (): never => {
  throw new ApiError(404, 'not_found', 'There is no such API route.');
};
