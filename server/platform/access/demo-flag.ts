import type { MiddlewareHandler } from 'hono';
import { DEMO_MESSAGES } from '../../../src/domain/demo-data';
import { ApiError } from '../http/api-error';
import type { AdminEnv, Principal } from './principal';

/** Who may see demo data or remove it: an owner, or the command line acting for the operator (decision 049). */
export const mayHandleDemo = (principal: Principal) =>
  principal.kind === 'cli' || (principal.kind === 'staff' && principal.staff.role === 'owner');

/**
 * The one door of `?includeDemo` on every /api/admin route: an owner's flag; anyone else is refused (403) whatever the
 * route, so no list, figure or export can forget to check it.
 */
export const demoFlagDoor: MiddlewareHandler<AdminEnv> = async (c, next) => {
  if (c.req.query('includeDemo') !== undefined && !mayHandleDemo(c.get('principal'))) {
    throw new ApiError(403, 'forbidden', DEMO_MESSAGES.ownersOnly);
  }
  return next();
};
