import { Hono, type Context } from 'hono';
import { validator } from 'hono-openapi';
import * as v from 'valibot';
import { recordId } from '../../../src/domain/paging';
import {
  createdWebhookEndpointSchema,
  integrationSettingsSchema,
  newWebhookEndpointSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointChangeSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  type IntegrationSettings,
} from '../../../src/domain/webhooks';
import { allow, auditedBy, type AdminEnv } from '../../platform/access/principal';
import { recordAudit, type AuditAction } from '../audit/record-audit';
import type { Db } from '../../platform/db/client';
import type { OutboundPolicy } from '../../platform/outbound/outbound-request';
import {
  changeEndpoint,
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  sendTestEvent,
} from './webhook-endpoints';
import { ApiError } from '../../platform/http/api-error';
import { jsonBody, validChange, validJson } from '../../platform/http/request-input';
import { CHANGE_REFUSALS, describe, JSON_BODY_REFUSALS } from '../../platform/http/route-description';

interface WebhookDeps {
  db: Db;
  outboundPolicy: OutboundPolicy;
  smsEnabled: boolean;
}

const NOT_FOUND = 'There is no such webhook endpoint.';

/** A path id that is not one of ours names nothing: 404 before anything else is read. */
const validIds = validator(
  'param',
  v.object({ id: recordId(NOT_FOUND), deliveryId: v.optional(recordId(NOT_FOUND)) }),
  (result) => {
    if (!result.success) throw new ApiError(404, 'not_found', NOT_FOUND);
  },
);

/**
 * `/api/admin/webhook-endpoints`: the receivers an owner connects, and what was delivered to them (owners only);
 * and `/api/admin/integrations`, what this server is set up to send.
 */
export function webhookRoutes(deps: WebhookDeps): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  const ownersOnly = allow('owner');
  const audit = (c: Context<AdminEnv>, action: AuditAction, subjectId: string) =>
    recordAudit(deps.db, { ...auditedBy(c), action, subjectId });

  app.get(
    '/admin/integrations',
    describe({
      summary: 'What this server is set up to send',
      answers: { 200: { description: '`{ smsEnabled, allowPrivateNetworks }`.', body: integrationSettingsSchema } },
      refusals: ['unauthorized', 'forbidden', 'rate_limited'],
    }),
    allow('owner', 'manager'),
    (c) =>
      c.json({
        smsEnabled: deps.smsEnabled,
        allowPrivateNetworks: deps.outboundPolicy.allowPrivateNetworks,
      } satisfies IntegrationSettings),
  );

  app.get(
    '/admin/webhook-endpoints',
    describe({
      summary: 'Every webhook endpoint',
      answers: {
        200: {
          description: '`{ results: [endpoint…] }`, oldest first; secrets are never listed.',
          body: webhookEndpointListSchema,
        },
      },
      refusals: ['unauthorized', 'forbidden', 'rate_limited'],
    }),
    ownersOnly,
    async (c) => c.json({ results: await listEndpoints(deps.db) }),
  );

  app.post(
    '/admin/webhook-endpoints',
    describe({
      summary: 'Add a webhook endpoint',
      answers: {
        201: {
          description: 'The endpoint with its signing secret (`whsec_…`), shown this once.',
          body: createdWebhookEndpointSchema,
        },
      },
      refusals: [...JSON_BODY_REFUSALS, 'unauthorized', 'forbidden', 'rate_limited'],
    }),
    ownersOnly,
    jsonBody,
    validJson(newWebhookEndpointSchema),
    async (c) => {
      const created = await createEndpoint(deps.db, c.req.valid('json'), deps.outboundPolicy);
      await audit(c, 'webhook_endpoint_added', created.id);
      return c.json(created, 201);
    },
  );

  app.patch(
    '/admin/webhook-endpoints/:id',
    describe({
      summary: 'Switch an endpoint on or off, or change its events',
      answers: { 200: { description: 'The endpoint as changed.', body: webhookEndpointSchema } },
      refusals: [...CHANGE_REFUSALS, 'unauthorized', 'forbidden', 'not_found', 'rate_limited'],
    }),
    ownersOnly,
    validIds,
    jsonBody,
    validChange(webhookEndpointChangeSchema),
    async (c) => {
      const changed = await changeEndpoint(deps.db, c.req.valid('param').id, c.req.valid('json'));
      await audit(c, 'webhook_endpoint_changed', changed.id);
      return c.json(changed);
    },
  );

  app.delete(
    '/admin/webhook-endpoints/:id',
    describe({
      summary: 'Delete an endpoint and its delivery history',
      answers: { 204: 'Deleted.' },
      refusals: ['unauthorized', 'forbidden', 'not_found', 'rate_limited'],
    }),
    ownersOnly,
    validIds,
    async (c) => {
      const { id } = c.req.valid('param');
      await deleteEndpoint(deps.db, id);
      await audit(c, 'webhook_endpoint_deleted', id);
      return c.body(null, 204);
    },
  );

  app.get(
    '/admin/webhook-endpoints/:id/deliveries',
    describe({
      summary: "An endpoint's last deliveries",
      answers: {
        200: {
          description: '`{ results: [delivery…] }`, newest first: status, tries, last response code.',
          body: webhookDeliveryListSchema,
        },
      },
      refusals: ['unauthorized', 'forbidden', 'not_found', 'rate_limited'],
    }),
    ownersOnly,
    validIds,
    async (c) => c.json({ results: await listDeliveries(deps.db, c.req.valid('param').id) }),
  );

  app.post(
    '/admin/webhook-endpoints/:id/test',
    describe({
      summary: 'Send a test event to an endpoint',
      answers: { 202: { description: 'The queued delivery of a `webhook.test` event.', body: webhookDeliverySchema } },
      refusals: ['unauthorized', 'forbidden', 'not_found', 'endpoint_disabled', 'rate_limited'],
    }),
    ownersOnly,
    validIds,
    async (c) => {
      const delivery = await sendTestEvent(deps.db, c.req.valid('param').id);
      await audit(c, 'webhook_test_sent', delivery.id);
      return c.json(delivery, 202);
    },
  );

  app.post(
    '/admin/webhook-endpoints/:id/deliveries/:deliveryId/resend',
    describe({
      summary: 'Send a failed delivery again',
      answers: {
        202: {
          description: 'The delivery, pending again: the same event id, a new day of retries.',
          body: webhookDeliverySchema,
        },
      },
      refusals: ['unauthorized', 'forbidden', 'not_found', 'delivery_not_failed', 'rate_limited'],
    }),
    ownersOnly,
    validIds,
    async (c) => {
      const { id, deliveryId } = c.req.valid('param');
      const delivery = await resendDelivery(deps.db, id, deliveryId!);
      await audit(c, 'webhook_resent', delivery.id);
      return c.json(delivery, 202);
    },
  );

  return app;
}
