import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { generateSpecs, type GenerateSpecOptions } from 'hono-openapi';
import { appPath } from '../../platform/app-root';
import { noSuchRoute } from '../../platform/http/no-such-route';
import { apiErrorBodySchema, describe, SECURITY_SCHEMES } from '../../platform/http/route-description';
import { jsonSchemaOf, webhookDescriptions } from './webhook-schemas';

export const API_DOCUMENT_PATH = '/api/openapi.json';

const { version } = JSON.parse(readFileSync(appPath('package.json'), 'utf8')) as {
  version: string;
};

const DESCRIPTION = `The API behind Club Profile: the customer's profile and survey pages (\`x-api-key\`), the
point-of-sale's registration codes (the admin bearer key) and the operator console (the staff session cookie).

Every refusal is \`{ "error": { "code", "message", "issues"?, "codes"? } }\` (the \`Error\` schema) with the status
its code always comes with. \`POST\`s accept an \`Idempotency-Key\` header: a retry within 24 hours gets the first
answer again. The events this server sends to an operator's webhook endpoints are under *Webhooks*.`;

/** Our own cookie name: better-auth's with the console's prefix (`__Secure-` first on an https origin). */
const SESSION_COOKIE = 'club-console.session_token';

/** The reference's sidebar groups, in the order a reader needs them. */
const TAGS = {
  customer: { name: 'Customer pages', description: "The profile and survey pages' calls: `x-api-key`." },
  admin: {
    name: 'Point-of-sale and console',
    description: "The point-of-sale's bearer key or a staff session; each route checks the caller's role.",
  },
  auth: { name: 'Staff sessions', description: "Signing the console's staff in and out." },
  operations: { name: 'Operations', description: 'For load balancers: no credential.' },
  reference: { name: 'Reference', description: 'This document and this page.' },
} as const;

/** The group each path belongs to in the reference's sidebar. */
function tagOf(path: string): string {
  if (path.startsWith('/api/admin/')) return TAGS.admin.name;
  if (path.startsWith('/api/auth/')) return TAGS.auth.name;
  if (path === API_DOCUMENT_PATH || path.startsWith('/api/docs')) return TAGS.reference.name;
  if (path === '/api/health' || path === '/api/ready') return TAGS.operations.name;
  return TAGS.customer.name;
}

type Documentation = GenerateSpecOptions['documentation'];

const documentation = (): Documentation => ({
  openapi: '3.1.0',
  info: { title: 'Club Profile API', version, description: DESCRIPTION },
  servers: [{ url: '/' }],
  tags: Object.values(TAGS),
  components: {
    // JSON Schema 2020-12 is OpenAPI 3.1's schema dialect; openapi-types' 3.1 schema type cannot say so.
    schemas: { Error: jsonSchemaOf(apiErrorBodySchema) as never },
    securitySchemes: {
      [SECURITY_SCHEMES.apiKey]: {
        type: 'apiKey',
        in: 'header',
        name: 'x-api-key',
        description: "The product's key (API_KEY): the customer's pages send it on every call.",
      },
      [SECURITY_SCHEMES.adminKey]: {
        type: 'http',
        scheme: 'bearer',
        description:
          'An API key: ADMIN_API_KEY (a point-of-sale key: `registrations:issue`, `registrations:read`) or one an ' +
          "owner made in the console, which may do only what its scopes say; or, on the server's own machine, the " +
          'command-line key in DATA_DIR (`npm run staff`, `npm run member`), which acts for the operator.',
      },
      [SECURITY_SCHEMES.staffSession]: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description:
          'The HttpOnly session cookie set by `POST /api/auth/sign-in/email` (`__Secure-` prefixed on https). ' +
          "Writes are accepted only from the console's own origin.",
      },
    },
  },
  webhooks: webhookDescriptions(),
});

/**
 * The API description of `app`, generated from what its routes declare: `describe(...)` for summaries, answers,
 * refusals and security, the `validator`s for parameters and bodies (the shared valibot schemas, converted by
 * @valibot/to-json-schema).
 */
export async function apiDocument(app: Hono) {
  const document = await generateSpecs(app, {
    documentation: documentation(),
    // The CSV exports, the document itself and the reference's script end in an extension: still routes.
    excludeStaticFile: false,
    // Our refusals are declared by `describe`; the library's default 400 body is not ours.
    defaultValidationErrorResponse: false,
  });
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of Object.values(item)) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      operation.tags ??= [tagOf(path)];
      // One validator serves several webhook routes (`id`, and an optional `deliveryId` where the path has it): a
      // path parameter the path does not name is not this operation's, and one it names is always required.
      operation.parameters = operation.parameters
        ?.filter((parameter) => !('in' in parameter) || parameter.in !== 'path' || path.includes(`{${parameter.name}}`))
        .map((parameter) =>
          'in' in parameter && parameter.in === 'path' ? { ...parameter, required: true } : parameter,
        );
    }
  }
  return document;
}

/** `GET /api/openapi.json`: the API description of the whole app (OpenAPI 3.1), made on first request. */
export function openApiRoutes(deps: { app: Hono }): Hono {
  const routes = new Hono();
  let document: ReturnType<typeof apiDocument> | undefined;

  routes.get(
    '/openapi.json',
    describe({
      summary: 'This API description (OpenAPI 3.1)',
      answers: { 200: 'The document: every route, its parameters, bodies, answers and refusals, and the webhooks.' },
      refusals: [],
      access: 'open',
    }),
    async (c) => {
      // The routes are all registered by the time anyone asks; the document is the same until the next deployment.
      document ??= apiDocument(deps.app).catch((error: unknown) => {
        document = undefined;
        throw error;
      });
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(await document);
    },
  );

  routes.all('/openapi.json', noSuchRoute);
  return routes;
}
