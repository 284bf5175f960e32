import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  accountSettingsChangeSchema,
  accountSettingsSchema,
  type AccountSettings,
} from '../../../src/domain/account-settings';
import { allow, type AdminEnv } from '../../platform/access/principal';
import type { Db } from '../../platform/db/client';
import { staff } from '../../platform/db/schema';
import { mailLanguage } from '../follow-ups/alerts/alert-words';
import { ApiError } from '../../platform/http/api-error';
import { jsonBody, validChange } from '../../platform/http/request-input';
import { CHANGE_REFUSALS, describe } from '../../platform/http/route-description';

/**
 * `/api/admin/account/settings`: the signed-in staff member's own settings, the language of their alert emails and
 * the zone their all-sites days are counted on (decision 046). Each reads and changes only their own.
 */
export function accountRoutes(deps: { db: Db; defaultTimeZone: string }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  const settingsOf = async (id: string): Promise<AccountSettings> => {
    const [row] = await deps.db
      .select({ language: staff.language, timeZone: staff.timeZone })
      .from(staff)
      .where(eq(staff.id, id));
    if (!row) throw new ApiError(401, 'unauthorized', 'Sign in again.');
    return { language: mailLanguage(row.language), timeZone: row.timeZone, defaultTimeZone: deps.defaultTimeZone };
  };
  const me = (principal: AdminEnv['Variables']['principal']) => {
    if (principal.kind !== 'staff') throw new ApiError(403, 'forbidden', 'Only a staff member has settings.');
    return principal.staff.id;
  };

  app.get(
    '/admin/account/settings',
    describe({
      summary: "The signed-in staff member's language and time zone",
      answers: { 200: { description: 'Their settings.', body: accountSettingsSchema } },
      refusals: ['unauthorized', 'forbidden', 'rate_limited'],
    }),
    allow('owner', 'manager'),
    async (c) => c.json(await settingsOf(me(c.get('principal')))),
  );

  app.patch(
    '/admin/account/settings',
    describe({
      summary: "Change the signed-in staff member's language or time zone",
      answers: { 200: { description: 'Their settings as changed.', body: accountSettingsSchema } },
      refusals: [...CHANGE_REFUSALS, 'unauthorized', 'forbidden', 'rate_limited'],
    }),
    allow('owner', 'manager'),
    jsonBody,
    validChange(accountSettingsChangeSchema),
    async (c) => {
      const id = me(c.get('principal'));
      const change = c.req.valid('json');
      await deps.db
        .update(staff)
        .set({
          ...(change.language !== undefined && { language: change.language }),
          ...(change.timeZone !== undefined && { timeZone: change.timeZone }),
          updatedAt: new Date(),
        })
        .where(eq(staff.id, id));
      return c.json(await settingsOf(id));
    },
  );

  return app;
}
