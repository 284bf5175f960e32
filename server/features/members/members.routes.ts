import { Hono } from 'hono';
import { validator } from 'hono-openapi';
import * as v from 'valibot';
import { memberDetailSchema, memberPageSchema, memberQuerySchema } from '../../../src/domain/members';
import { recordId } from '../../../src/domain/paging';
import { allow, auditedBy, siteScope, type AdminEnv } from '../../platform/access/principal';
import { recordAudit } from '../audit/record-audit';
import type { Db } from '../../platform/db/client';
import { dayClock } from '../dashboard/day-clock';
import { membersCsv } from './members-csv';
import { ApiError } from '../../platform/http/api-error';
import { declareList } from '../../platform/lists/declare-list';
import { describe } from '../../platform/http/route-description';
import { findMember, NO_SUCH_MEMBER } from './find-member';
import { listMembers } from './list-members';

/**
 * Who joined: `/api/admin/members`, its CSV export, and `/api/admin/members/:id`. Managers read their own sites;
 * the export is for owners, and it is audited, as is each member's page opened.
 */
export function memberRoutes(deps: { db: Db; defaultTimeZone: string }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  declareList(app, deps.db, {
    path: '/admin/members',
    summary: 'Members, newest first, a page at a time, found by name, email or last four digits',
    query: memberQuerySchema,
    page: memberPageSchema,
    door: allow('owner', 'manager'),
    list: async (c, query) => {
      const principal = c.get('principal');
      // The day they joined is a calendar day on the chosen site's clock, or the reader's for all sites (decision 046).
      const { timeZone } = await dayClock(deps.db, principal, query.site, deps.defaultTimeZone);
      return listMembers(deps.db, siteScope(principal, query.site), { ...query, timeZone });
    },
    csv: {
      summary: 'Every member the filters select, as CSV (owners)',
      description: 'UTF-8 with a header row; consent columns included.',
      door: allow('owner'),
      name: 'members',
      rows: async (c, filters) => {
        const principal = c.get('principal');
        const { timeZone } = await dayClock(deps.db, principal, filters.site, deps.defaultTimeZone);
        return membersCsv(deps.db, siteScope(principal, filters.site), { ...filters, timeZone });
      },
    },
  });

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
