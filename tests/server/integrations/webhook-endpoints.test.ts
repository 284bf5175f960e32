import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../server/db/schema';
import { ENVIRONMENT_ENDPOINT_ID, syncEnvironmentEndpoint } from '../../../server/integrations/webhook-endpoints';
import { WEBHOOK_MESSAGES } from '../../../src/domain/webhooks';
import { addStaff, sessionOf } from '../helpers/staff-session';
import { EMBEDDED_ONLY } from '../helpers/test-database';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe.each(EMBEDDED_ONLY)('/api/admin/webhook-endpoints on %s', (driver) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let manager: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(driver);
    await addStaff(t, { email: 'owner@wash.example', role: 'owner' });
    await addStaff(t, { email: 'manager@wash.example', role: 'manager', sites: ['7'] });
    owner = await sessionOf(t, 'owner@wash.example');
    manager = await sessionOf(t, 'manager@wash.example');
  });
  afterAll(() => t.close());

  const as = (headers: Record<string, string>, json?: unknown) => ({ anonymous: true, headers, json });

  it.each([
    ['http://pos.example.com/hooks', WEBHOOK_MESSAGES.httpsOnly],
    ['https://127.0.0.1/hooks', WEBHOOK_MESSAGES.privateAddress],
    ['https://10.1.2.3/hooks', WEBHOOK_MESSAGES.privateAddress],
    ['https://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.privateAddress],
    ['https://[::1]/hooks', WEBHOOK_MESSAGES.privateAddress],
    ['https://localhost/hooks', WEBHOOK_MESSAGES.privateAddress],
    ['https://localhost./hooks', WEBHOOK_MESSAGES.privateAddress],
    ['https://pos.localhost./hooks', WEBHOOK_MESSAGES.privateAddress],
    ['https://[::127.0.0.1]/hooks', WEBHOOK_MESSAGES.privateAddress],
    ['https://[64:ff9b::10.1.2.3]/hooks', WEBHOOK_MESSAGES.privateAddress],
    ['https://[2002:7f00:1::1]/hooks', WEBHOOK_MESSAGES.privateAddress],
    ['not a url', WEBHOOK_MESSAGES.url],
  ])('refuses %s with a message at the field', async (url, message) => {
    const res = await t.call(
      'POST',
      '/api/admin/webhook-endpoints',
      as(owner, { url, eventTypes: ['survey.submitted'] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', issues: { url: message } });
  });

  it('asks for at least one event', async () => {
    const res = await t.call(
      'POST',
      '/api/admin/webhook-endpoints',
      as(owner, { url: 'https://pos.example.com/hooks', eventTypes: [] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toEqual({ eventTypes: WEBHOOK_MESSAGES.eventTypes });
  });

  it('lets an owner add, switch off, change and delete an endpoint, each audited', async () => {
    const added = await t.call(
      'POST',
      '/api/admin/webhook-endpoints',
      as(owner, { url: 'https://pos.example.com/hooks', eventTypes: ['survey.submitted', 'registration.issued'] }),
    );
    expect(added.status).toBe(201);
    // Listed in the order the specification lists the types, whatever order they came in.
    expect(added.body).toMatchObject({
      url: 'https://pos.example.com/hooks',
      eventTypes: ['registration.issued', 'survey.submitted'],
      enabled: true,
      source: 'console',
    });
    const id = added.body.id as string;
    const off = await t.call('PATCH', `/api/admin/webhook-endpoints/${id}`, as(owner, { enabled: false }));
    expect(off.body.enabled).toBe(false);
    const test = await t.call('POST', `/api/admin/webhook-endpoints/${id}/test`, as(owner));
    expect(test.status).toBe(409);
    expect(test.body.error.code).toBe('endpoint_disabled');
    const changed = await t.call(
      'PATCH',
      `/api/admin/webhook-endpoints/${id}`,
      as(owner, { eventTypes: ['registration.completed'] }),
    );
    expect(changed.body.eventTypes).toEqual(['registration.completed']);
    expect((await t.call('DELETE', `/api/admin/webhook-endpoints/${id}`, as(owner))).status).toBe(204);
    expect((await t.call('GET', `/api/admin/webhook-endpoints/${id}/deliveries`, as(owner))).status).toBe(404);

    const audited = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, id)));
    expect(audited.map((row) => row.action)).toEqual([
      'webhook_endpoint_added',
      'webhook_endpoint_changed',
      'webhook_endpoint_changed',
      'webhook_endpoint_deleted',
    ]);
  });

  it('keeps every endpoint route from a manager, who may still read what the server can send', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/webhook-endpoints'],
      ['POST', '/api/admin/webhook-endpoints'],
      ['PATCH', `/api/admin/webhook-endpoints/${ENVIRONMENT_ENDPOINT_ID}`],
      ['DELETE', `/api/admin/webhook-endpoints/${ENVIRONMENT_ENDPOINT_ID}`],
      ['GET', `/api/admin/webhook-endpoints/${ENVIRONMENT_ENDPOINT_ID}/deliveries`],
      ['POST', `/api/admin/webhook-endpoints/${ENVIRONMENT_ENDPOINT_ID}/test`],
    ] as const) {
      const res = await t.call(method, path, as(manager, method === 'POST' || method === 'PATCH' ? {} : undefined));
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const settings = await t.call('GET', '/api/admin/integrations', as(manager));
    expect(settings.body).toEqual({ smsEnabled: false, allowPrivateNetworks: false });
  });

  it("shows WEBHOOK_URL's endpoint, subscribed to everything and read-only, and switches it off when unset", async () => {
    await syncEnvironmentEndpoint(t.database.db, { url: 'https://crm.example.com/in' });
    const listed = await t.call('GET', '/api/admin/webhook-endpoints', as(owner));
    expect(listed.body.results).toContainEqual(
      expect.objectContaining({
        id: ENVIRONMENT_ENDPOINT_ID,
        url: 'https://crm.example.com/in',
        source: 'environment',
        enabled: true,
        eventTypes: ['registration.issued', 'registration.completed', 'survey.submitted'],
      }),
    );
    const edit = await t.call(
      'PATCH',
      `/api/admin/webhook-endpoints/${ENVIRONMENT_ENDPOINT_ID}`,
      as(owner, { enabled: false }),
    );
    expect(edit.status).toBe(403);
    await syncEnvironmentEndpoint(t.database.db, undefined);
    const after = await t.call('GET', '/api/admin/webhook-endpoints', as(owner));
    const results = after.body.results as { id: string; enabled: boolean }[];
    expect(results.find((e) => e.id === ENVIRONMENT_ENDPOINT_ID)!.enabled).toBe(false);
  });

  it('answers 404 for an id that names no endpoint', async () => {
    expect((await t.call('GET', '/api/admin/webhook-endpoints/nope/deliveries', as(owner))).status).toBe(404);
    const unknown = '11111111-1111-4111-8111-111111111111';
    expect((await t.call('POST', `/api/admin/webhook-endpoints/${unknown}/test`, as(owner))).status).toBe(404);
  });
});
