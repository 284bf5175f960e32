import { Hono } from 'hono';
import { validator } from 'hono-openapi';
import * as v from 'valibot';
import { apiKeyListSchema, apiKeySchema, createdApiKeySchema, newApiKeySchema } from '../../../src/domain/api-keys';
import { recordId } from '../../../src/domain/paging';
import { allow, auditedBy, type AdminEnv } from '../../platform/access/principal';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys';
import { recordAudit } from '../audit/record-audit';
import type { Db } from '../../platform/db/client';
import { ApiError } from '../../platform/http/api-error';
import { jsonBody, validJson } from '../../platform/http/request-input';
import { describe, JSON_BODY_REFUSALS } from '../../platform/http/route-description';

const NO_SUCH_KEY = 'There is no such API key.';

/**
 * `/api/admin/api-keys`: one key per till or integration, made, named, scoped and revoked by an owner. A key is
 * shown once, when it is made; the list shows its prefix and when it was last used. Owners only (no key can make
 * another), each change audited in its transaction.
 */
export function apiKeyRoutes(deps: { db: Db }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  const ownersOnly = allow('owner');

  app.get(
    '/admin/api-keys',
    describe({
      summary: 'Every API key, revoked ones included',
      answers: {
        200: {
          description: '`{ results: [key…] }`, newest first; keys themselves are never listed.',
          body: apiKeyListSchema,
        },
      },
      refusals: ['unauthorized', 'forbidden', 'rate_limited'],
    }),
    ownersOnly,
    async (c) => c.json({ results: await listApiKeys(deps.db) }),
  );

  app.post(
    '/admin/api-keys',
    describe({
      summary: 'Make an API key for a till or an integration',
      answers: {
        201: {
          description: 'The key, with `key` itself: shown this once, stored only as a hash.',
          body: createdApiKeySchema,
        },
      },
      refusals: [...JSON_BODY_REFUSALS, 'unauthorized', 'forbidden', 'rate_limited'],
    }),
    ownersOnly,
    jsonBody,
    validJson(newApiKeySchema),
    async (c) => {
      const principal = c.get('principal');
      const created = await deps.db.transaction(async (tx) => {
        const key = await createApiKey(tx, c.req.valid('json'), principal.kind === 'staff' ? principal.staff.id : null);
        await recordAudit(tx, {
          ...auditedBy(c),
          action: 'api_key_created',
          subjectId: key.id,
        });
        return key;
      });
      return c.json(created, 201);
    },
  );

  app.post(
    '/admin/api-keys/:id/revoke',
    describe({
      summary: 'Revoke an API key: it opens nothing from now on',
      answers: { 200: { description: 'The key, with `revokedAt`.', body: apiKeySchema } },
      refusals: ['unauthorized', 'forbidden', 'not_found', 'rate_limited'],
    }),
    ownersOnly,
    validator('param', v.object({ id: recordId(NO_SUCH_KEY) }), (result) => {
      if (!result.success) throw new ApiError(404, 'not_found', NO_SUCH_KEY);
    }),
    async (c) => {
      const revoked = await deps.db.transaction(async (tx) => {
        const key = await revokeApiKey(tx, c.req.valid('param').id);
        if (!key) throw new ApiError(404, 'not_found', NO_SUCH_KEY);
        await recordAudit(tx, {
          ...auditedBy(c),
          action: 'api_key_revoked',
          subjectId: key.id,
        });
        return key;
      });
      return c.json(revoked);
    },
  );

  return app;
}
