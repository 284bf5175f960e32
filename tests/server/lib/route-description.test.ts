import { generateSpecs } from 'hono-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_KEY, startTestApp, type CallOptions, type TestApp } from '../helpers/test-app';

/** What the API description says each operation answers, keyed like `POST /api/customers`. */
type Declared = Map<string, { statuses: string[]; requestBody?: { required?: string[] }; path: string }>;

async function declaredOperations(t: TestApp): Promise<Declared> {
  // `excludeStaticFile` would drop the CSV exports (a period in the last segment).
  const spec = await generateSpecs(t.app, {
    documentation: { info: { title: 'Club Profile', version: 'test' } },
    excludeStaticFile: false,
  });
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
    const admin = { authorization: `Bearer ${ADMIN_API_KEY}` };
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
