import { Hono } from 'hono';
import * as v from 'valibot';
import { allow, auditedBy, type AdminEnv } from '../../platform/access/principal';
import { recordAudit } from '../audit/record-audit';
import type { Db } from '../../platform/db/client';
import { ApiError } from '../../platform/http/api-error';
import { jsonBody, validJson } from '../../platform/http/request-input';
import { describe, JSON_BODY_REFUSALS } from '../../platform/http/route-description';
import { eraseMember } from './erase-member';
import { exportMember, NO_SUCH_MEMBER_EMAIL } from './export-member';

/** The email of a member's request; in the body, so that it is never written in a URL or an access log. */
const memberEmailSchema = v.object({
  email: v.pipe(v.string('Email is required'), v.trim(), v.nonEmpty('Email is required'), v.maxLength(254)),
});

const REFUSALS = [...JSON_BODY_REFUSALS, 'unauthorized', 'forbidden', 'not_found', 'rate_limited'] as const;

/**
 * A member's request about their data (`npm run member` while a server holds the embedded database): everything we
 * hold about an email, or its erasure. Owners and the bearer key only; both are audited.
 */
export function memberDataRoutes(deps: { db: Db }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  const ownersOnly = allow('owner');

  app.post(
    '/admin/member-data/export',
    describe({
      summary: "Everything held about a member's email, for their access request (owners)",
      answers: {
        200: 'Profiles with consent evidence, registrations, surveys, text messages and webhook events (no codes).',
      },
      refusals: [...REFUSALS],
    }),
    ownersOnly,
    jsonBody,
    validJson(memberEmailSchema),
    async (c) => {
      const exported = await exportMember(deps.db, c.req.valid('json').email);
      if (!exported) throw new ApiError(404, 'not_found', NO_SUCH_MEMBER_EMAIL);
      await recordAudit(deps.db, {
        ...auditedBy(c),
        action: 'export',
        // The customers' ids, as a member's page opened records them.
        subjectId: exported.customers.map((customer) => customer.id).join(' '),
      });
      return c.json(exported);
    },
  );

  app.post(
    '/admin/member-data/erase',
    describe({
      summary: "Erase a member's data on request, in one transaction, and tell every webhook endpoint (owners)",
      answers: {
        200:
          '`{ customerIds, registrationIds, surveyIds, eventId, counts, auditRowsRedacted }`: the ids erased (sent to ' +
          'every enabled endpoint as `member.erased`, event `eventId`, and taken out of the audit log), and what was ' +
          'deleted, counted by kind of row.',
      },
      refusals: [...REFUSALS],
    }),
    ownersOnly,
    jsonBody,
    validJson(memberEmailSchema),
    async (c) => {
      const erased = await eraseMember(deps.db, c.req.valid('json').email, {
        ...auditedBy(c),
      });
      if (!erased) throw new ApiError(404, 'not_found', NO_SUCH_MEMBER_EMAIL);
      return c.json(erased);
    },
  );

  return app;
}
