import { Hono } from 'hono';
import { validator } from 'hono-openapi';
import type { CountryCode } from 'libphonenumber-js/min';
import * as v from 'valibot';
import {
  codeLinkSchema,
  ISSUED_CODE_MESSAGES,
  issuedCodePageSchema,
  issuedCodeQuerySchema,
} from '../../../src/domain/issued-codes';
import { recordId } from '../../../src/domain/paging';
import { DEFAULT_SITE_ID } from '../../../src/domain/registration-defaults';
import { smsStatusSchema } from '../../../src/domain/webhooks';
import type { SendingWindow } from '../../../src/domain/quiet-hours';
import {
  issuedRegistrationSchema,
  newRegistrationSchema,
  registrationAnswerSchema,
  registrationProgressSchema,
} from '../../../src/domain/registration';
import { allow, auditedBy, issuerKey, siteScope, visibleSites, type AdminEnv } from '../../platform/access/principal';
import { productKey } from '../../platform/access/product-key';
import type { Db } from '../../platform/db/client';
import { ApiError, validationFailed } from '../../platform/http/api-error';
import { clientLimitKey } from '../../platform/http/client-address';
import { jsonBody, validJson, validQuery } from '../../platform/http/request-input';
import { describe, JSON_BODY_REFUSALS } from '../../platform/http/route-description';
import { hashToken } from '../../platform/values/tokens';
import type { Throttles } from '../../platform/limits/throttles';
import { showCodeAgain, textableNumber, textCodeAgain } from './code-again';
import type { CodeSecret } from './code-secret';
import { findRegistration } from './find-registration';
import { listIssuedCodes } from './list-issued-codes';
import { issueRegistration, saleNumber } from './issue-registration';
import { registrationProgress } from './registration-progress';

const NO_SUCH_REGISTRATION = 'There is no such registration.';

interface RegistrationDeps {
  db: Db;
  throttles: Throttles;
  trustProxyHops: number;
  /** API_KEY: the customer app's, for looking a code up. */
  apiKey: string;
  publicUrl: string;
  tokenTtlDays: number;
  defaultPhoneCountry: CountryCode;
  /** An SMS provider is configured: `send: "sms"` is honoured. */
  smsEnabled: boolean;
  /** DEFAULT_TIMEZONE and SMS_WINDOW: a text asked for in its site's quiet hours waits for the window. */
  defaultTimeZone: string;
  smsWindow: SendingWindow;
  /** Makes each code from its registration's id, so the counter can show or text it again (decision 045). */
  codeSecret: CodeSecret;
}

/**
 * The site a sale is issued for: the one it names, if the caller may issue there; left out, the caller's only site,
 * or site "0" for a caller of every site. A caller of several sites must name one (400), never one guessed for them.
 */
function saleSite(asked: string | undefined, sites: 'all' | string[]): string {
  if (asked === undefined) {
    if (sites === 'all') return DEFAULT_SITE_ID;
    if (sites.length === 1) return sites[0]!;
    if (sites.length > 1) throw validationFailed({ siteId: ISSUED_CODE_MESSAGES.siteNeeded });
  }
  const site = asked ?? DEFAULT_SITE_ID;
  if (sites !== 'all' && !sites.includes(site)) {
    throw new ApiError(403, 'forbidden', 'You may issue codes only for your own sites.');
  }
  return site;
}

const codeParam = validator('param', v.object({ id: recordId(ISSUED_CODE_MESSAGES.notFound) }), (result) => {
  if (!result.success) throw new ApiError(404, 'not_found', ISSUED_CODE_MESSAGES.notFound);
});

/**
 * A registration from its code's issue to its lookup: a till or a staff member issues it
 * (`POST /api/admin/registration-tokens`) and follows it (`GET /api/admin/registrations/:id`); the customer app
 * looks its code up (`GET /api/registration-tokens/:token`).
 */
export function registrationRoutes(deps: RegistrationDeps): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  const requireProductKey = productKey(deps.apiKey);

  /**
   * A known code always answers, whoever shares the caller's address (a carrier's NAT); misses are counted per
   * client, and past the budget they get 429 instead of 404.
   */
  app.get(
    '/registration-tokens/:token',
    describe({
      summary: 'Look up a registration by the code in its link',
      answers: {
        200: {
          description: "The registration, with a returning member's saved profile.",
          body: registrationAnswerSchema,
        },
      },
      refusals: ['unauthorized', 'not_found', 'rate_limited'],
    }),
    requireProductKey,
    async (c) => {
      const registration = await findRegistration(deps.db, c.req.param('token'));
      if (!registration) {
        await deps.throttles.lookupMisses.take(c, clientLimitKey(c, deps.trustProxyHops));
        throw new ApiError(404, 'not_found', 'This registration code is invalid or has expired.');
      }
      return c.json(registration);
    },
  );

  app.post(
    '/admin/registration-tokens',
    describe({
      summary: 'Issue a registration code for a membership sale',
      answers: {
        201: {
          description:
            'The registration, with its code and link; with `send: "sms"`, the text message\'s status (`sms`), ' +
            "with `scheduledFor` when it waits for the site's sending window to open.",
          body: issuedRegistrationSchema,
        },
      },
      refusals: [
        ...JSON_BODY_REFUSALS,
        'unauthorized',
        'forbidden',
        'sms_unavailable',
        'sms_opted_out',
        'rate_limited',
      ],
    }),
    allow('owner', 'manager', { key: 'registrations:issue' }),
    jsonBody,
    validJson(newRegistrationSchema),
    async (c) => {
      const principal = c.get('principal');
      const sites = visibleSites(principal);
      const sale = { ...c.req.valid('json') };
      sale.siteId = saleSite(sale.siteId, sites);
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
    '/admin/registrations/:id',
    describe({
      summary: 'How far an issued registration has come, and its text message',
      answers: {
        200: {
          description: 'Issued, opened and completed times, and `sms` (queued, sent or failed with its code).',
          body: registrationProgressSchema,
        },
      },
      refusals: ['unauthorized', 'forbidden', 'not_found', 'rate_limited'],
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

  const counterDoor = allow('owner', 'manager');
  const quietHours = () => ({ defaultTimeZone: deps.defaultTimeZone, smsWindow: deps.smsWindow });

  app.get(
    '/admin/registrations',
    describe({
      summary: "The counter's codes: one day on each site's clock (today by default), newest first",
      answers: {
        200: {
          description:
            "`{ results: [code…], nextCursor }`: each code's number's last four digits, plan, issuer and progress.",
          body: issuedCodePageSchema,
        },
      },
      refusals: ['validation_failed', 'unauthorized', 'forbidden', 'rate_limited'],
    }),
    counterDoor,
    validQuery(issuedCodeQuerySchema),
    async (c) => {
      const { site, ...query } = c.req.valid('query');
      const scope = siteScope(c.get('principal'), site);
      return c.json(await listIssuedCodes(deps.db, scope, query, { defaultTimeZone: deps.defaultTimeZone }));
    },
  );

  app.get(
    '/admin/registrations/:id/link',
    describe({
      summary: 'An issued code again, for its QR code and link (audited)',
      answers: { 200: { description: 'The code and its link.', body: codeLinkSchema } },
      refusals: ['unauthorized', 'forbidden', 'not_found', 'code_unavailable', 'rate_limited'],
    }),
    counterDoor,
    codeParam,
    async (c) => {
      const link = await showCodeAgain(deps.db, visibleSites(c.get('principal')), c.req.valid('param').id, {
        secret: deps.codeSecret,
        publicUrl: deps.publicUrl,
        by: auditedBy(c),
        now: new Date(),
      });
      return c.json(link);
    },
  );

  app.post(
    '/admin/registrations/:id/texts',
    describe({
      summary: 'Text an issued code again, within the texting budgets and never to a number that opted out',
      answers: {
        201: {
          description: "The new text's status, with `scheduledFor` when it waits for the site's sending window.",
          body: smsStatusSchema,
        },
      },
      refusals: [
        'unauthorized',
        'forbidden',
        'not_found',
        'code_unavailable',
        'text_pending',
        'sms_unavailable',
        'sms_opted_out',
        'rate_limited',
      ],
    }),
    counterDoor,
    codeParam,
    async (c) => {
      const principal = c.get('principal');
      const scope = visibleSites(principal);
      const id = c.req.valid('param').id;
      if (!deps.smsEnabled) {
        throw new ApiError(422, 'sms_unavailable', 'Text messages are not set up on this server (SMS_PROVIDER).');
      }
      // The budgets issuing spends on a text, all looked at before any is spent (as issuing does).
      const again = { secret: deps.codeSecret, publicUrl: deps.publicUrl, by: auditedBy(c), now: new Date() };
      // A refusal (opted out, used, a text still waiting) costs nothing of the budgets.
      const number = await textableNumber(deps.db, scope, id, again);
      const budgets = [
        { throttle: deps.throttles.textsByIssuer, key: issuerKey(principal) },
        { throttle: deps.throttles.textsByNumber, key: hashToken(number) },
      ];
      for (const { throttle, key } of budgets) await throttle.check(c, key);
      for (const { throttle, key } of budgets) await throttle.take(c, key);
      const sms = await textCodeAgain(deps.db, scope, id, { ...again, quietHours: quietHours() });
      return c.json(sms, 201);
    },
  );

  return app;
}
