import { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describe as describeRoute } from '../../../../server/platform/http/route-description';
import { apiDocument } from '../../../../server/features/openapi/openapi.routes';
import { CLI_KEY, startTestApp, type CallOptions, type TestApp } from '../../helpers/test-app';

/** What the API description says each operation answers, keyed like `POST /api/customers`. */
type Declared = Map<string, { statuses: string[]; requestBody?: { required?: string[] }; path: string }>;

async function declaredOperations(t: TestApp): Promise<Declared> {
  // The document /api/openapi.json serves.
  const spec = await apiDocument(t.app);
  const declared: Declared = new Map();
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      const op = operation as { responses: Record<string, unknown>; requestBody?: unknown };
      const body = (op.requestBody as { content?: Record<string, { schema?: { required?: string[] } }> } | undefined)
        ?.content?.['application/json']?.schema;
      declared.set(`${method.toUpperCase()} ${path}`, {
        statuses: Object.keys(op.responses),
        ...(body ? { requestBody: body } : {}),
        path: path.replace('{id}', crypto.randomUUID()).replace('{token}', 'no-such-code'),
      });
    }
  }
  return declared;
}

describe('The API description', () => {
  let t: TestApp;
  let declared: Declared;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    declared = await declaredOperations(t);
  });
  afterAll(() => t.close());

  it('describes every route the API serves, and only those', () => {
    const served = t.app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    expect([...declared.keys()].sort()).toEqual([...new Set(served)].sort());
  });

  it('gives every operation a success and the refusals any route can give', () => {
    for (const [operation, { statuses }] of declared) {
      expect(
        statuses.some((status) => status.startsWith('2')),
        operation,
      ).toBe(true);
      expect(statuses, operation).toEqual(expect.arrayContaining(['500', '503']));
    }
  });

  it('declares the body each write takes, from the shared schema', () => {
    expect(declared.get('POST /api/customers')?.requestBody?.required).toEqual(
      expect.arrayContaining(['registrationId', 'firstName', 'email', 'vehicleColor', 'isAgreedToTerms']),
    );
    expect(declared.get('POST /api/customers')?.requestBody?.required).not.toContain('address2');
    expect(declared.get('POST /api/surveys')?.requestBody?.required).toContain('customerId');
    expect(declared.get('POST /api/admin/registration-tokens')?.requestBody?.required).toEqual(
      expect.arrayContaining(['mobileNumber', 'planName', 'amount', 'rechargeDate']),
    );
  });

  it('declares each status a bad caller is answered with', async () => {
    const admin = { authorization: `Bearer ${CLI_KEY}` };
    for (const [operation, { statuses, requestBody, path }] of declared) {
      const method = operation.split(' ')[0]!;
      const credentials: CallOptions = path.startsWith('/api/admin/') ? { anonymous: true, headers: admin } : {};
      const attempts: CallOptions[] = [{ anonymous: true }, credentials];
      if (requestBody) {
        attempts.push(
          {
            ...credentials,
            rawBody: 'firstName=Ada',
            headers: { ...credentials.headers, 'content-type': 'text/plain' },
          },
          {
            ...credentials,
            rawBody: '{"firstName":',
            headers: { ...credentials.headers, 'content-type': 'application/json' },
          },
          { ...credentials, json: {} },
        );
      }
      const paths = method === 'GET' ? [path, `${path}?limit=0`] : [path];
      for (const attempt of attempts) {
        for (const target of paths) {
          const answer = await t.call(method, target, attempt);
          expect(statuses, `${operation} answered ${answer.status}`).toContain(String(answer.status));
        }
      }
    }
  });
});

describe('describe(...)', () => {
  /** The one operation a tiny app with a described route documents. */
  async function operationOf(description: Parameters<typeof describeRoute>[0]) {
    const app = new Hono();
    app.get('/thing', describeRoute(description), (c) => c.json({ name: 'x' }));
    const spec = await generateSpecs(app);
    return spec.paths['/thing']!.get! as {
      security?: unknown;
      responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
    };
  }

  it("puts an answer's schema, converted from valibot, under its status", async () => {
    const operation = await operationOf({
      summary: 'A thing',
      answers: { 200: { description: 'The thing.', body: v.object({ name: v.string() }) } },
      refusals: [],
    });
    expect(operation.responses['200']).toEqual({
      description: 'The thing.',
      content: {
        'application/json': {
          schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        },
      },
    });
  });

  it('lists the refusals sharing a status under it, each answered with the Error schema', async () => {
    const operation = await operationOf({
      summary: 'A thing',
      answers: { 200: 'The thing.' },
      refusals: ['invalid_json', 'validation_failed', 'not_found'],
    });
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '404', '500', '503']);
    expect(operation.responses['400']?.description).toMatch(/^`invalid_json`: .+\n`validation_failed`: /);
    for (const status of ['400', '404', '500', '503']) {
      expect(operation.responses[status]?.content, status).toEqual({
        'application/json': { schema: { $ref: '#/components/schemas/Error' } },
      });
    }
    expect(operation.responses['200']).toEqual({ description: 'The thing.' });
  });

  it("states the route's credential as security requirements", async () => {
    const summary = 'A thing';
    const answers = { 200: 'The thing.' };
    expect((await operationOf({ summary, answers, refusals: [], access: 'apiKey' })).security).toEqual([
      { apiKey: [] },
    ]);
    expect((await operationOf({ summary, answers, refusals: [], access: 'admin' })).security).toEqual([
      { adminKey: [] },
      { staffSession: [] },
    ]);
    expect((await operationOf({ summary, answers, refusals: [], access: 'open' })).security).toEqual([]);
    expect((await operationOf({ summary, answers, refusals: [] })).security).toBeUndefined();
  });

  it('declares a non-JSON answer by its media type', async () => {
    const operation = await operationOf({
      summary: 'A thing',
      answers: { 200: { description: 'Rows.', media: 'text/csv' } },
      refusals: [],
    });
    expect(operation.responses['200']?.content).toEqual({ 'text/csv': { schema: { type: 'string' } } });
  });
});
