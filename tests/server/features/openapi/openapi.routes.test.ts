import { validate } from '@scalar/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES } from '../../../../src/domain/customer';
import { SENT_EVENT_TYPES } from '../../../../src/domain/webhooks';
import { startTestApp, type TestApp } from '../../helpers/test-app';

interface Operation {
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}
interface Schema {
  type?: string;
  description?: string;
  $ref?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  const?: unknown;
}
// A type, not an interface: the parser takes a plain object (an index signature), which only a type alias meets.
type ApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Record<string, string>> };
  webhooks: Record<string, { post: Operation }>;
};

/** Every operation of the document, keyed like `POST /api/customers`. */
function operationsOf(document: ApiDocument): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item))
      operations.set(`${method.toUpperCase()} ${path}`, operation);
  }
  return operations;
}

/** What the app serves under /api, in OpenAPI's form: handlers only, not `use` middleware or the 404 catch-alls. */
function servedRoutes(t: TestApp): string[] {
  const served = t.app.routes
    .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
    .map((route) => `${route.method} ${route.path.replace(/:(\w+)(\{[^}]*\})?\??/g, '{$1}')}`);
  return [...new Set(served)].sort();
}

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let document: ApiDocument;
  let operations: Map<string, Operation>;
  let answer: { status: number; headers: Headers };

  beforeAll(async () => {
    t = await startTestApp('pglite');
    const response = await t.call('GET', '/api/openapi.json', { anonymous: true });
    answer = response;
    document = response.body as ApiDocument;
    operations = operationsOf(document);
  });
  afterAll(() => t.close());

  it('answers without a key, cacheable for a few minutes', () => {
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('is an OpenAPI 3.1 document that the OpenAPI 3.1 schema accepts', async () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({
      title: 'Club Profile API',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    expect(document.info.description).toBeTruthy();
    expect(document.servers).toEqual([{ url: '/' }]);
    expect(Object.keys(document.paths).length).toBeGreaterThan(20);
    const { valid, errors } = await validate(structuredClone(document));
    expect(errors ?? [], 'what the OpenAPI 3.1 schema refuses').toEqual([]);
    expect(valid).toBe(true);
  });

  it('documents every route the app serves, and nothing it does not', () => {
    const served = servedRoutes(t);
    const documented = [...operations.keys()].sort();
    expect(
      served.filter((route) => !documented.includes(route)),
      'routes the app serves that the document leaves out',
    ).toEqual([]);
    expect(
      documented.filter((route) => !served.includes(route)),
      'operations the document describes that the app does not serve',
    ).toEqual([]);
    // The routes the issue names, so an empty app could not pass.
    expect(documented).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/registration-tokens/{token}',
        'POST /api/customers',
        'POST /api/surveys',
        'GET /api/vehicles',
        'POST /api/admin/registration-tokens',
        'GET /api/admin/members/{id}',
        'POST /api/admin/webhook-endpoints/{id}/deliveries/{deliveryId}/resend',
        'POST /api/auth/sign-in/email',
        'POST /api/auth/sign-out',
        'POST /api/auth/change-password',
        'GET /api/auth/get-session',
        'GET /api/openapi.json',
        'GET /api/docs',
      ]),
    );
  });

  it("writes paths in OpenAPI's {param} form, each declared as a required path parameter", () => {
    for (const [name, operation] of operations) {
      const path = name.split(' ')[1]!;
      expect(path, name).not.toMatch(/[:*]/);
      const named = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      expect(declared.map((parameter) => parameter.name).sort(), name).toEqual(named.sort());
      for (const parameter of declared) expect(parameter.required, `${name} {${parameter.name}}`).toBe(true);
    }
  });

  it('gives every operation a success and the 500 every route can answer, refusals as the Error schema', () => {
    for (const [name, operation] of operations) {
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((status) => /^2\d\d$/.test(status)),
        `${name} has a 2xx`,
      ).toBe(true);
      expect(statuses, name).toContain('500');
      for (const status of statuses.filter((code) => Number(code) >= 400)) {
        expect(operation.responses[status]?.content?.['application/json']?.schema, `${name} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
    }
    expect(document.components.schemas.Error).toMatchObject({
      type: 'object',
      required: ['error'],
      properties: { error: { type: 'object', required: ['code', 'message'] } },
    });
    expect(document.components.schemas.Error?.properties?.error?.properties).toHaveProperty('issues');
    expect(document.components.schemas.Error?.properties?.error?.properties?.codes?.description).toMatch(/code/);
  });

  it('states the credential each route takes, with schemes the document declares', () => {
    const schemes = document.components.securitySchemes;
    expect(schemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(schemes.adminKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.staffSession).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const unstated = [...operations].filter(([, operation]) => !operation.security).map(([name]) => name);
    expect(unstated, 'operations whose describe(...) gives no `access`').toEqual([]);
    for (const [name, operation] of operations) {
      for (const requirement of operation.security ?? []) {
        for (const scheme of Object.keys(requirement)) expect(Object.keys(schemes), name).toContain(scheme);
      }
    }
    const security = (name: string) => operations.get(name)?.security;
    expect(security('POST /api/customers')).toEqual([{ apiKey: [] }]);
    expect(security('GET /api/registration-tokens/{token}')).toEqual([{ apiKey: [] }]);
    expect(security('GET /api/admin/members')).toEqual([{ adminKey: [] }, { staffSession: [] }]);
    expect(security('POST /api/auth/change-password')).toEqual([{ staffSession: [] }]);
    expect(security('GET /api/health')).toEqual([]);
    expect(security('GET /api/openapi.json')).toEqual([]);
  });

  it('describes answering a survey invitation, with the product key and its refusals (decision 053)', () => {
    const lookup = operations.get('GET /api/survey-invitations/{code}');
    const answer = operations.get('POST /api/survey-invitations/{code}/survey');
    for (const operation of [lookup, answer]) {
      expect(operation?.security).toEqual([{ apiKey: [] }]);
      expect(operation?.responses['404']?.description).toMatch(/`not_found`/);
      expect(operation?.responses['410']?.description).toMatch(/`invitation_used`[^]*`invitation_expired`/);
    }
    expect(Object.keys(lookup?.responses ?? {})).toContain('200');
    expect(Object.keys(answer?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '429']));
  });

  it("declares POST /api/customers's body from the customer schema", () => {
    const body = operations.get('POST /api/customers')?.requestBody?.content['application/json']?.schema;
    expect(body?.required).toEqual(
      expect.arrayContaining([
        'registrationId',
        'firstName',
        'lastName',
        'address',
        'city',
        'region',
        'postalCode',
        'email',
        'vehicleYear',
        'vehicleMake',
        'vehicleModel',
        'vehicleColor',
        'isAgreedToTerms',
      ]),
    );
    expect(body?.required).not.toContain('address2');
    expect(body?.required).not.toContain('licensePlate');
    expect(body?.properties).toHaveProperty('licensePlate');
    expect(body?.properties).toHaveProperty('licensePlateState');
    expect(body?.properties).toHaveProperty('language');
    expect(body?.properties?.isAgreedToTerms).toMatchObject({ const: true });
    // Each field carries the spec's own message, from the same schema the form and the server validate with.
    expect(body?.properties?.firstName?.description).toContain(CUSTOMER_MESSAGES.firstName);
    expect(body?.properties?.postalCode?.description).toContain(CUSTOMER_MESSAGES.postalCode);
    expect(body?.properties?.isAgreedToTerms?.description).toContain(CUSTOMER_MESSAGES.isAgreedToTerms);
  });

  it('describes answers with the shared schemas where there is one', () => {
    const answer = (name: string, status: string) =>
      operations.get(name)?.responses[status]?.content?.['application/json']?.schema;
    expect(answer('GET /api/vehicles', '200')?.required).toEqual(['results']);
    expect(answer('POST /api/customers', '201')?.required).toEqual(
      expect.arrayContaining(['id', 'registrationId', 'firstName', 'isAgreedToTerms']),
    );
    expect(answer('GET /api/registration-tokens/{token}', '200')?.required).not.toContain('profile');
    expect(answer('POST /api/customers', '201')?.required).toEqual(
      expect.arrayContaining(['licensePlate', 'licensePlateState']),
    );
    expect(answer('POST /api/customers', '201')?.properties).not.toHaveProperty('language');
    expect(operations.get('POST /api/customers')?.responses['400']?.description).toContain('`codes`');
    expect(answer('POST /api/admin/webhook-endpoints', '201')?.required).toContain('secret');
    expect(operations.get('GET /api/admin/members.csv')?.responses['200']?.content).toHaveProperty('text/csv');
  });

  it('describes the four webhook events with their envelope', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...SENT_EVENT_TYPES].sort());
    for (const type of SENT_EVENT_TYPES) {
      const event = document.webhooks[type]!.post;
      const body = event.requestBody?.content['application/json']?.schema;
      expect(body?.required, type).toEqual(['type', 'timestamp', 'version', 'data']);
      expect(body?.properties?.type, type).toEqual({ const: type });
      expect(body?.properties?.version, type).toMatchObject({ const: 1 });
      expect(event.parameters?.map((header) => header.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
    }
    const data = (type: string) => document.webhooks[type]?.post.requestBody?.content['application/json']?.schema;
    expect(data('registration.issued')?.properties?.data?.properties?.registration?.required).toEqual(
      expect.arrayContaining(['id', 'mobileNumber', 'planName', 'isManual', 'issuedAt', 'customerId']),
    );
    expect(data('registration.issued')?.properties?.data?.properties?.registration?.properties).not.toHaveProperty(
      'token',
    );
    expect(data('registration.completed')?.properties?.data?.required).toEqual([
      'registration',
      'customer',
      'vehicle',
      'consent',
    ]);
    expect(data('survey.submitted')?.properties?.data?.properties?.survey?.required).toEqual(
      expect.arrayContaining(['id', 'customerId', 'recommendToOthersScore', 'comments', 'createdAt']),
    );
    expect(data('member.erased')?.properties?.data?.required).toEqual([
      'customerIds',
      'registrationIds',
      'surveyIds',
      'erasedAt',
    ]);
    expect(document.webhooks['member.erased']?.post.description).toContain('every enabled endpoint');
  });
});
