import { randomBytes } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { customerRulesOf } from '../src/domain/customer';
import type { Db } from './platform/db/client';
import { unavailableReason } from './platform/db/unavailable';
import { unavailable } from './platform/http/service-unavailable';
import type { Env } from './env';
import type { SpaRoutes } from './features/pages/spa';
import type { Readiness } from './platform/http/http-server';
import { ApiError } from './platform/http/api-error';
import { compression } from './platform/http/compression';
import { noSuchRoute } from './platform/http/no-such-route';
import { silentLogger, type Logger } from './platform/logging/logger';
import { requestId } from './platform/http/request-id';
import { defaultHeaders } from './platform/http/response-headers';
import { createMetrics } from './platform/metrics/metrics';
import { metricsRoute } from './platform/metrics/metrics-route';
import type { LimitStore } from './platform/limits/limit-store';
import type { RequestLoad } from './platform/http/request-load';
import { createThrottles, type Throttles } from './platform/limits/throttles';
import { securityHeaders } from './platform/http/security-headers';
import type { ConsoleOrigins } from './platform/http/same-origin';
import { createAuth } from './features/staff/auth';
import { outboundPolicy } from './features/integrations/start-integrations';
import { demoFlagDoor } from './platform/access/demo-flag';
import { authenticate } from './platform/access/principal';
import { productKeyCheck } from './platform/access/product-key';
import { apiKeyRoutes } from './features/api-keys/api-keys.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { authRoutes } from './features/staff/auth.routes';
import { customerRoutes } from './features/customers/customers.routes';
import { accountRoutes } from './features/staff/account.routes';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { demoDataRoutes } from './features/demo/demo-data.routes';
import { feedbackRoutes } from './features/feedback/feedback.routes';
import { firstRunRoutes } from './features/first-run/first-run.routes';
import { followUpRoutes } from './features/follow-ups/follow-ups.routes';
import { healthRoutes } from './features/health/health.routes';
import { memberDataRoutes } from './features/members/member-data.routes';
import { memberRoutes } from './features/members/members.routes';
import { apiReferenceRoutes } from './features/openapi/api-reference.routes';
import { openApiRoutes } from './features/openapi/openapi.routes';
import { readyRoutes } from './features/health/ready.routes';
import { registrationRoutes } from './features/registrations/registrations.routes';
import { codeSecretOf } from './features/registrations/code-secret';
import { siteRoutes } from './features/sites/sites.routes';
import { staffRoutes } from './features/staff/staff.routes';
import { surveyRoutes } from './features/surveys/surveys.routes';
import { invitationRoutes } from './features/invitations/invitations.routes';
import { twilioRoutes } from './features/integrations/sms/twilio.routes';
import { vehicleRoutes } from './features/vehicles/vehicles.routes';
import { visitRoutes } from './features/visits/visits.routes';
import { webhookRoutes } from './features/integrations/webhooks.routes';

const BODY_LIMIT_BYTES = 16 * 1024;

interface AppDeps {
  env: Env;
  db: Db;
  logger?: Logger;
  /** Where throttles count; in this process's memory unless given (see `openLimitStore`). */
  limitStore?: LimitStore;
  /**
   * The budgets, when the workers spend them too (server/main.ts makes them once): a number's texts are counted
   * together whoever sends them, even in memory. Made from `limitStore` otherwise.
   */
  throttles?: Throttles;
  /** The built SPA (server/features/pages/spa.ts); absent in API-only use (tests, the dev server where Vite serves the page). */
  spa?: SpaRoutes;
  /** Signs staff session cookies: AUTH_SECRET, or the one server/features/staff/local-secrets.ts keeps. */
  authSecret?: string;
  /** A bearer key for `npm run staff` on this machine, kept in DATA_DIR (server/features/staff/local-secrets.ts). */
  cliKey?: string;
  /** Where the server is in its life (`RunningHttpServer.readiness`), for `/api/ready`; absent, always ready. */
  readiness?: Readiness;
  /** Counts requests being served, for the background work that yields to them (server/platform/http/request-load.ts). */
  load?: RequestLoad;
}

/** The whole HTTP surface: `/api/*` and, when given, the SPA for everything else. */
export function createApp(deps: AppDeps): Hono {
  const { env, db, logger = silentLogger, limitStore = { kind: 'memory' }, spa } = deps;
  const app = new Hono();
  const throttles = deps.throttles ?? createThrottles(limitStore, env.limits);
  const clients = { throttles, trustProxyHops: env.trustProxyHops };
  // main.ts passes the lasting secret (server/features/staff/local-secrets.ts); an app built without one (tests, the bench)
  // signs its sessions with one of its own.
  const authSecret = deps.authSecret ?? env.authSecret ?? randomBytes(32).toString('base64url');
  const origins: ConsoleOrigins = {
    publicUrl: env.publicUrl,
    trusted: env.trustedOrigins,
    acceptReachedAddress: env.nodeEnv !== 'production',
  };
  const auth = createAuth({ db, origins, secret: authSecret });

  if (deps.load) app.use('*', deps.load.middleware);
  app.use('*', requestId());
  // Only when someone may read them (METRICS_TOKEN): counting for nobody costs every request.
  const metrics = env.metricsToken ? createMetrics({ db }) : undefined;
  if (metrics) app.use('*', metrics.measure);
  // One line per request, with the route pattern (never the path: it may hold a registration code).
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    logger.info('request', {
      method: c.req.method,
      route: c.req.routePath,
      status: c.res.status,
      requestId: c.get('requestId'),
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
  app.use('*', securityHeaders(env));
  app.use('*', compression());

  const api = new Hono();
  const limitBody = bodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    onError: (c) => {
      // The rest of the body is unread: the server drops it (see http-server.ts), and the connection is not worth
      // keeping for a client that sends more than any route accepts.
      c.header('Connection', 'close');
      throw new ApiError(413, 'payload_too_large', `The request body is larger than ${BODY_LIMIT_BYTES} bytes.`);
    },
  });
  // @hono/node-server gives a GET or HEAD no body whatever it was sent, and asking for one would build the whole web
  // Request that its lazy stand-in otherwise never makes.
  const limitSentBody: MiddlewareHandler = (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next);
  api.use('*', limitSentBody);
  // Answers may carry personal data: nothing is kept by browsers or proxies unless a route says so.
  api.use('*', defaultHeaders([['Cache-Control', 'no-store']]));

  api.route('/health', healthRoutes({ db }));
  api.route('/ready', readyRoutes({ db, readiness: deps.readiness ?? { state: 'ready' } }));
  api.route('/auth', authRoutes({ db, auth, origins, ...clients }));
  // Each route says who may call it where it is defined (server/platform/access): the product routes take API_KEY
  // (`productKey`), /api/admin's take a staff session or a bearer key, read here once for all of them, and each
  // admits the roles and key scope its `allow(...)` names.
  const adminAuthentication = authenticate({
    db,
    auth,
    adminApiKey: env.adminApiKey,
    cliKey: deps.cliKey,
    origins,
    ...clients,
  });
  api.use('/admin/*', adminAuthentication);
  api.use('/admin/*', demoFlagDoor);
  // A point-of-sale's visits take the same keys as /api/admin (decision 052).
  api.use('/visits', adminAuthentication);
  const registrations = {
    apiKey: env.apiKey,
    publicUrl: env.publicUrl,
    tokenTtlDays: env.tokenTtlDays,
    defaultPhoneCountry: env.defaultPhoneCountry,
    smsEnabled: !!env.integrations.sms,
    // A text asked for in its site's quiet hours is scheduled for the window's opening (decision 031).
    defaultTimeZone: env.defaultTimeZone,
    smsWindow: env.smsWindow,
    codeSecret: codeSecretOf(authSecret),
  };
  api.route('/', registrationRoutes({ db, ...clients, ...registrations }));
  api.route('/visits', visitRoutes({ db, throttles, defaultPhoneCountry: env.defaultPhoneCountry }));
  api.route('/customers', customerRoutes({ db, ...clients, apiKey: env.apiKey, rules: customerRulesOf(env) }));
  api.route('/', surveyRoutes({ db, ...clients, apiKey: env.apiKey, followUpHours: env.followUpHours }));
  api.route('/', invitationRoutes({ db, ...clients, apiKey: env.apiKey, followUpHours: env.followUpHours }));
  api.route('/vehicles', vehicleRoutes({ db, apiKey: env.apiKey }));
  api.route('/', memberRoutes({ db, defaultTimeZone: env.defaultTimeZone }));
  api.route('/', memberDataRoutes({ db }));
  api.route('/', feedbackRoutes({ db, defaultTimeZone: env.defaultTimeZone }));
  api.route('/', followUpRoutes({ db }));
  api.route('/', dashboardRoutes({ db, defaultTimeZone: env.defaultTimeZone }));
  api.route('/', firstRunRoutes({ db }));
  api.route('/', accountRoutes({ db, defaultTimeZone: env.defaultTimeZone }));
  api.route('/', staffRoutes({ db, auth }));
  api.route('/', siteRoutes({ db, defaultTimeZone: env.defaultTimeZone, smsWindow: env.smsWindow }));
  api.route('/', auditRoutes({ db, defaultTimeZone: env.defaultTimeZone }));
  api.route('/', demoDataRoutes({ db }));
  api.route('/', apiKeyRoutes({ db }));
  api.route('/', webhookRoutes({ db, outboundPolicy: outboundPolicy(env), smsEnabled: registrations.smsEnabled }));
  // Twilio's webhook: it carries no key of ours, only Twilio's signature, which the route checks.
  api.route(
    '/integrations/twilio',
    twilioRoutes({
      db,
      publicUrl: env.publicUrl,
      authToken: env.integrations.sms?.authToken,
      replies: { ...env.integrations.smsReplies, operatorName: env.operatorName },
      replyBudget: throttles.smsRepliesByNumber,
      followUpHours: env.followUpHours,
    }),
  );
  // The document describes `app` as a whole, read on the first request, when every route is registered.
  api.route('/', openApiRoutes({ app }));
  api.route('/docs', apiReferenceRoutes());
  // A path nobody serves: under /api/admin, a caller it knows (authenticated above) learns so; anywhere else, only
  // one with the product key does, as on the product routes (the routers that need no key answer their own).
  api.all('/admin/*', noSuchRoute);
  api.all('*', productKeyCheck(env.apiKey), noSuchRoute);

  app.route('/api', api);
  // Not under /api: Prometheus's own path, outside the API and its key. Without a token it does not exist.
  if (metrics && env.metricsToken) app.route('/metrics', metricsRoute({ metrics, token: env.metricsToken }));
  if (spa) app.route('/', spa({ db, ...clients, logger }));

  app.notFound((c) => c.json(new ApiError(404, 'not_found', 'Not found.').toBody(), 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.toBody(), error.status);
    // Only the error's class and database code: its message may quote submitted values.
    const reason = unavailableReason(error);
    if (reason) {
      // Not our bug but PostgreSQL away or stalled: the client may try again, and the server recovers on its own.
      logger.error('database_unavailable', { route: c.req.routePath, error: error.name, code: reason });
      return c.json(unavailable(c, 'The service is temporarily unavailable. Please try again.').toBody(), 503);
    }
    const code = (error as { code?: unknown }).code;
    logger.error('unhandled', {
      route: c.req.routePath,
      error: error.name,
      ...(typeof code === 'string' ? { code } : {}),
    });
    return c.json(
      new ApiError(500, 'internal_error', 'Something went wrong on our side. Please try again.').toBody(),
      500,
    );
  });

  return app;
}
