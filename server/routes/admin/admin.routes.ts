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
import { recordAudit } from '../../audit/record-audit';
import { NO_SUCH_CUSTOMER } from '../../customers/find-customer';
import { ApiError } from '../../lib/api-error';
import { jsonBody, validJson, validQuery } from '../../lib/request-input';
import { describe, JSON_BODY_REFUSALS } from '../../lib/route-description';
import { issueRegistration } from '../../registrations/issue-registration';
import { registrationProgress } from '../../registrations/registration-progress';

const NO_SUCH_REGISTRATION = 'There is no such registration.';
import { listCustomerSurveys } from '../../surveys/list-customer-surveys';
import { actorOf, allow, authenticate, siteScope, visibleSites, type AdminEnv, type PrincipalDeps } from './principal';
import { dashboardRoutes } from './dashboard.routes';
import { memberRoutes } from './members.routes';
import { memberDataRoutes } from './members-data.routes';
import { staffRoutes } from './staff.routes';
import { webhookRoutes } from './webhooks.routes';
import type { OutboundPolicy } from '../../integrations/outbound-request';

interface AdminDeps extends PrincipalDeps {
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
    }),
    allow('owner', 'manager'),
    jsonBody,
    validJson(newRegistrationSchema),
    async (c) => {
      const principal = c.get('principal');
      const sale = c.req.valid('json');
      const sites = visibleSites(principal);
      if (sites !== 'all' && !sites.includes(sale.siteId)) {
        throw new ApiError(403, 'forbidden', 'You may issue codes only for your own sites.');
      }
      const issued = await issueRegistration(deps.db, sale, { ...deps, publicUrl: deps.publicUrl });
      if (principal.kind === 'staff') {
        await recordAudit(deps.db, {
          actor: actorOf(principal),
          action: 'code_issued',
          subjectId: issued.registration.id,
          client: c.get('client'),
        });
      }
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
    }),
    allow('owner', 'manager'),
    validator('param', v.object({ id: recordId(NO_SUCH_REGISTRATION) }), (result) => {
      if (!result.success) throw new ApiError(404, 'not_found', NO_SUCH_REGISTRATION);
    }),
    async (c) => {
      const progress = await registrationProgress(
        deps.db,
        siteScope(c.get('principal'), undefined),
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
    }),
    allow('owner'),
    // An id that is not a UUID names no customer: 404, as an unknown one does, before the query is looked at.
    validator('param', v.object({ id: recordId(NO_SUCH_CUSTOMER) }), (result) => {
      if (!result.success) throw new ApiError(404, 'not_found', NO_SUCH_CUSTOMER);
    }),
    validQuery(pageQuerySchema),
    async (c) => c.json(await listCustomerSurveys(deps.db, c.req.valid('param').id, c.req.valid('query'))),
  );

  app.route('/', staffRoutes(deps));
  app.route('/', dashboardRoutes(deps));
  app.route('/', memberRoutes(deps));
  app.route('/', memberDataRoutes(deps));
  app.route('/', webhookRoutes(deps));
  return app;
}
