import { Hono } from 'hono';
import { validator } from 'hono-openapi';
import type { CountryCode } from 'libphonenumber-js/min';
import * as v from 'valibot';
import {
  issuedRegistrationSchema,
  registrationProgressSchema,
  staffMemberSchema,
  surveyPageSchema,
} from '../../../src/domain/api-answers';
import { pageQuerySchema, recordId } from '../../../src/domain/paging';
import { newRegistrationSchema } from '../../../src/domain/registration';
import { NO_SUCH_CUSTOMER } from '../../customers/find-customer';
import { ApiError } from '../../lib/api-error';
import { hashToken } from '../../lib/tokens';
import { jsonBody, validJson, validQuery } from '../../lib/request-input';
import { describe, JSON_BODY_REFUSALS } from '../../lib/route-description';
import { issueRegistration, saleNumber } from '../../registrations/issue-registration';
import { registrationProgress } from '../../registrations/registration-progress';
import { listCustomerSurveys } from '../../surveys/list-customer-surveys';
import {
  auditedBy,
  allow,
  authenticate,
  issuerKey,
  siteScope,
  visibleSites,
  type AdminEnv,
  type PrincipalDeps,
} from './principal';
import { apiKeyRoutes } from './api-keys.routes';
import { dashboardRoutes } from './dashboard.routes';
import { memberRoutes } from './members.routes';
import { memberDataRoutes } from './members-data.routes';
import { staffRoutes } from './staff.routes';
import { webhookRoutes } from './webhooks.routes';
import type { OutboundPolicy } from '../../integrations/outbound-request';

const NO_SUCH_REGISTRATION = 'There is no such registration.';

interface AdminDeps extends PrincipalDeps {
  publicUrl: string;
  tokenTtlDays: number;
  defaultPhoneCountry: CountryCode;
  outboundPolicy: OutboundPolicy;
  /** An SMS provider is configured: `send: "sms"` is honoured. */
  smsEnabled: boolean;
}

/**
 * `/api/admin/*`: the point-of-sale's calls (bearer key, as before) and the operator console's (staff session).
 * Every route checks the caller's role here, on the server; a manager only ever touches their own sites.
 */
export function adminRoutes(deps: AdminDeps): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.use('*', authenticate(deps));

  app.get(
    '/me',
    describe({
      summary: 'The signed-in staff member',
      answers: { 200: { description: 'Their id, email, name, role and sites.', body: staffMemberSchema } },
      refusals: ['unauthorized', 'forbidden'],
      access: 'session',
    }),
    (c) => {
      const principal = c.get('principal');
      if (principal.kind !== 'staff') throw new ApiError(403, 'forbidden', 'The bearer key is not a staff member.');
      return c.json(principal.staff);
    },
  );

  app.post(
    '/registration-tokens',
    describe({
      summary: 'Issue a registration code for a membership sale',
      answers: {
        201: {
          description:
            'The registration, with its code and link; with `send: "sms"`, the text message\'s status (`sms`).',
          body: issuedRegistrationSchema,
        },
      },
      refusals: [...JSON_BODY_REFUSALS, 'unauthorized', 'forbidden', 'sms_unavailable', 'rate_limited'],
      access: 'admin',
      keyScope: 'registrations:issue',
    }),
    allow('owner', 'manager', { key: 'registrations:issue' }),
    jsonBody,
    validJson(newRegistrationSchema),
    async (c) => {
      const principal = c.get('principal');
      const sale = c.req.valid('json');
      const sites = visibleSites(principal);
      if (sites !== 'all' && !sites.includes(sale.siteId)) {
        throw new ApiError(403, 'forbidden', 'You may issue codes only for your own sites.');
      }
      // Every budget is looked at before any is spent: a refusal by one costs nothing of the others.
      const issuer = issuerKey(principal);
      const budgets = [
        { throttle: deps.throttles.codesByIssuer, key: issuer },
        ...(sale.isReturningCustomer ? [{ throttle: deps.throttles.returningCodesByIssuer, key: issuer }] : []),
        ...(sale.send === 'sms'
          ? [
              { throttle: deps.throttles.textsByIssuer, key: issuer },
              // The number's hash: a throttle's key is never personal data.
              {
                throttle: deps.throttles.textsByNumber,
                key: hashToken(saleNumber(sale, deps.defaultPhoneCountry)),
              },
            ]
          : []),
      ];
      for (const { throttle, key } of budgets) await throttle.check(c, key);
      for (const { throttle, key } of budgets) await throttle.take(c, key);
      const issued = await issueRegistration(deps.db, sale, {
        ...deps,
        issuer: {
          ...auditedBy(c),
          sites,
          ...(principal.kind === 'key' ? { keyId: principal.key.id } : {}),
        },
      });
      return c.json(issued, 201);
    },
  );

  app.get(
    '/registrations/:id',
    describe({
      summary: 'How far an issued registration has come, and its text message',
      answers: {
        200: {
          description: 'Issued, opened and completed times, and `sms` (queued, sent or failed with its code).',
          body: registrationProgressSchema,
        },
      },
      refusals: ['unauthorized', 'forbidden', 'not_found', 'rate_limited'],
      access: 'admin',
      keyScope: 'registrations:read',
    }),
    allow('owner', 'manager', { key: 'registrations:read' }),
    validator('param', v.object({ id: recordId(NO_SUCH_REGISTRATION) }), (result) => {
      if (!result.success) throw new ApiError(404, 'not_found', NO_SUCH_REGISTRATION);
    }),
    async (c) => {
      const principal = c.get('principal');
      const progress = await registrationProgress(
        deps.db,
        {
          sites: siteScope(principal, undefined),
          // A key follows only what it issued: a till cannot read another till's customers' progress.
          ...(principal.kind === 'key' ? { issuedByKeyId: principal.key.id } : {}),
        },
        c.req.valid('param').id,
      );
      if (!progress) throw new ApiError(404, 'not_found', NO_SUCH_REGISTRATION);
      return c.json(progress);
    },
  );

  /** The operator reads a customer's surveys, oldest first, a page at a time (`?limit=&after=`). */
  app.get(
    '/customers/:id/surveys',
    describe({
      summary: "A page of a customer's surveys, oldest first",
      answers: {
        200: {
          description: 'The page, and the `after` of the next one (`nextCursor`, null on the last).',
          body: surveyPageSchema,
        },
      },
      refusals: ['validation_failed', 'unauthorized', 'forbidden', 'not_found', 'rate_limited'],
      access: 'admin',
      keyScope: 'surveys:read',
    }),
    allow('owner', { key: 'surveys:read' }),
    // An id that is not a UUID names no customer: 404, as an unknown one does, before the query is looked at.
    validator('param', v.object({ id: recordId(NO_SUCH_CUSTOMER) }), (result) => {
      if (!result.success) throw new ApiError(404, 'not_found', NO_SUCH_CUSTOMER);
    }),
    validQuery(pageQuerySchema),
    async (c) =>
      c.json(
        await listCustomerSurveys(
          deps.db,
          c.req.valid('param').id,
          visibleSites(c.get('principal')),
          c.req.valid('query'),
        ),
      ),
  );

  app.route('/', staffRoutes(deps));
  app.route('/', dashboardRoutes(deps));
  app.route('/', memberRoutes(deps));
  app.route('/', memberDataRoutes(deps));
  app.route('/', webhookRoutes(deps));
  app.route('/', apiKeyRoutes(deps));
  return app;
}
