import { Hono } from 'hono';
import { validator } from 'hono-openapi';
import * as v from 'valibot';
import { feedbackPageSchema, memberDetailSchema, memberPageSchema } from '../../../src/domain/api-answers';
import { feedbackQuerySchema, memberQuerySchema } from '../../../src/domain/members';
import { recordId } from '../../../src/domain/paging';
import { recordAudit } from '../../audit/record-audit';
import type { Db } from '../../db/client';
import { feedbackCsv } from '../../exports/feedback-csv';
import { membersCsv } from '../../exports/members-csv';
import { listFeedback } from '../../feedback/list-feedback';
import { ApiError } from '../../lib/api-error';
import { validQuery } from '../../lib/request-input';
import { describe } from '../../lib/route-description';
import { findMember, NO_SUCH_MEMBER } from '../../members/find-member';
import { listMembers } from '../../members/list-members';
import { allow, auditedBy, siteScope, type AdminEnv } from './principal';

const LIST_REFUSALS = ['validation_failed', 'unauthorized', 'forbidden', 'rate_limited'] as const;

function csvAnswer(body: ReadableStream, name: string): Response {
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
      'cache-control': 'no-store',
    },
  });
}

/**
 * Who joined and what they said: `/members`, `/members/:id`, `/feedback`, and their CSV exports. Managers read
 * their own sites; exports are for owners, and each is audited, as is each member's page opened.
 */
export function memberRoutes(deps: { db: Db }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get(
    '/members',
    describe({
      summary: 'Members, newest first, a page at a time, found by name, email or last four digits',
      answers: { 200: { description: '`{ results: [member…], nextCursor }`', body: memberPageSchema } },
      refusals: [...LIST_REFUSALS],
      access: 'admin',
    }),
    allow('owner', 'manager'),
    validQuery(memberQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      return c.json(await listMembers(deps.db, siteScope(c.get('principal'), query.site), query));
    },
  );

  app.get(
    '/members.csv',
    describe({
      summary: 'Every member the filters select, as CSV (owners)',
      answers: { 200: { description: 'UTF-8 with a header row; consent columns included.', media: 'text/csv' } },
      refusals: [...LIST_REFUSALS],
      access: 'admin',
    }),
    allow('owner'),
    validQuery(memberQuerySchema),
    async (c) => {
      const { limit: _limit, after: _after, ...filters } = c.req.valid('query');
      const principal = c.get('principal');
      const sites = siteScope(principal, filters.site);
      await recordAudit(deps.db, {
        ...auditedBy(c),
        action: 'export',
        subjectId: 'members',
      });
      return csvAnswer(membersCsv(deps.db, sites, filters), 'members');
    },
  );

  app.get(
    '/members/:id',
    describe({
      summary: "A member's page: profile, vehicle, consent evidence, registration and surveys",
      answers: { 200: { description: 'The member.', body: memberDetailSchema } },
      refusals: ['unauthorized', 'forbidden', 'not_found', 'rate_limited'],
      access: 'admin',
    }),
    allow('owner', 'manager'),
    validator('param', v.object({ id: recordId(NO_SUCH_MEMBER) }), (result) => {
      if (!result.success) throw new ApiError(404, 'not_found', NO_SUCH_MEMBER);
    }),
    async (c) => {
      const principal = c.get('principal');
      // One transaction: an erasure cannot slip between the read and its audit row and leave the id behind.
      const member = await deps.db.transaction(async (tx) => {
        const found = await findMember(tx, siteScope(principal, undefined), c.req.valid('param').id);
        if (!found) throw new ApiError(404, 'not_found', NO_SUCH_MEMBER);
        await recordAudit(tx, {
          ...auditedBy(c),
          action: 'member_viewed',
          subjectId: found.id,
        });
        return found;
      });
      return c.json(member);
    },
  );

  app.get(
    '/feedback',
    describe({
      summary: 'Survey answers with comments, newest first, by score band, site and date',
      answers: { 200: { description: '`{ results: [survey…], nextCursor }`', body: feedbackPageSchema } },
      refusals: [...LIST_REFUSALS],
      access: 'admin',
    }),
    allow('owner', 'manager'),
    validQuery(feedbackQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      return c.json(await listFeedback(deps.db, siteScope(c.get('principal'), query.site), query));
    },
  );

  app.get(
    '/feedback.csv',
    describe({
      summary: 'Every survey answer the filters select, as CSV (owners)',
      answers: { 200: { description: 'UTF-8 with a header row.', media: 'text/csv' } },
      refusals: [...LIST_REFUSALS],
      access: 'admin',
    }),
    allow('owner'),
    validQuery(feedbackQuerySchema),
    async (c) => {
      const { limit: _limit, after: _after, ...filters } = c.req.valid('query');
      const principal = c.get('principal');
      const sites = siteScope(principal, filters.site);
      await recordAudit(deps.db, {
        ...auditedBy(c),
        action: 'export',
        subjectId: 'feedback',
      });
      return csvAnswer(feedbackCsv(deps.db, sites, filters), 'feedback');
    },
  );

  return app;
}
