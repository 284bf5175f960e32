import { Hono } from 'hono';
import { validator } from 'hono-openapi';
import * as v from 'valibot';
import { memberDetailSchema, memberPageSchema, memberQuerySchema } from '../../../src/domain/members';
import { recordId } from '../../../src/domain/paging';
import { allow, auditedBy, siteScope, type AdminEnv } from '../../access/principal';
import { recordAudit } from '../../audit/record-audit';
import type { Db } from '../../db/client';
import { membersCsv } from '../../exports/members-csv';
import { ApiError } from '../../lib/api-error';
import { csvAnswer } from '../../lib/csv-answer';
import { validQuery } from '../../lib/request-input';
import { describe } from '../../lib/route-description';
import { findMember, NO_SUCH_MEMBER } from '../../members/find-member';
import { listMembers } from '../../members/list-members';

const LIST_REFUSALS = ['validation_failed', 'unauthorized', 'forbidden', 'rate_limited'] as const;

/**
 * Who joined: `/api/admin/members`, its CSV export, and `/api/admin/members/:id`. Managers read their own sites;
 * the export is for owners, and it is audited, as is each member's page opened.
 */
export function memberRoutes(deps: { db: Db }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get(
    '/admin/members',
    describe({
      summary: 'Members, newest first, a page at a time, found by name, email or last four digits',
      answers: { 200: { description: '`{ results: [member…], nextCursor }`', body: memberPageSchema } },
      refusals: [...LIST_REFUSALS],
    }),
    allow('owner', 'manager'),
    validQuery(memberQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      return c.json(await listMembers(deps.db, siteScope(c.get('principal'), query.site), query));
    },
  );

  app.get(
    '/admin/members.csv',
    describe({
      summary: 'Every member the filters select, as CSV (owners)',
      answers: { 200: { description: 'UTF-8 with a header row; consent columns included.', media: 'text/csv' } },
      refusals: [...LIST_REFUSALS],
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
    '/admin/members/:id',
    describe({
      summary: "A member's page: profile, vehicle, consent evidence, registration and surveys",
      answers: { 200: { description: 'The member.', body: memberDetailSchema } },
      refusals: ['unauthorized', 'forbidden', 'not_found', 'rate_limited'],
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

  return app;
}
