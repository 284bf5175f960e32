import { Hono, type Context } from 'hono';
import { validator } from 'hono-openapi';
import * as v from 'valibot';
import {
  FOLLOW_UP_MESSAGES,
  followUpAssignSchema,
  followUpContactSchema,
  followUpCountSchema,
  followUpDetailSchema,
  followUpNoteSchema,
  followUpPageSchema,
  followUpQuerySchema,
  followUpResolveSchema,
  type FollowUpDetail,
} from '../../../src/domain/follow-ups';
import { recordId } from '../../../src/domain/paging';
import { includeDemoFilter } from '../../../src/domain/demo-data';
import {
  actorOf,
  allow,
  auditedBy,
  siteScope,
  staffOf,
  visibleSites,
  type AdminEnv,
} from '../../platform/access/principal';
import { recordAudit, type AuditAction } from '../audit/record-audit';
import type { Db, Tx } from '../../platform/db/client';
import { assignFollowUp } from './assign-follow-up';
import { contactFollowUp } from './contact-follow-up';
import { findFollowUp } from './find-follow-up';
import { countFollowUps, listFollowUps } from './list-follow-ups';
import { noteFollowUp } from './note-follow-up';
import { resolveFollowUp } from './resolve-follow-up';
import { ApiError } from '../../platform/http/api-error';
import { jsonBody, validJson, validQuery } from '../../platform/http/request-input';
import { declareList } from '../../platform/lists/declare-list';
import { describe, JSON_BODY_REFUSALS } from '../../platform/http/route-description';
import type { SiteScope } from '../members/list-conditions';

const notFound = () => new ApiError(404, 'not_found', FOLLOW_UP_MESSAGES.notFound);

/** An id that is not a UUID names no case: 404, as an unknown one (or another site's) does. */
const caseParam = validator('param', v.object({ id: recordId(FOLLOW_UP_MESSAGES.notFound) }), (result) => {
  if (!result.success) throw notFound();
});

const ACTION_REFUSALS = [...JSON_BODY_REFUSALS, 'unauthorized', 'forbidden', 'not_found', 'rate_limited'] as const;

const caseAnswer = (description: string) => ({ 200: { description, body: followUpDetailSchema } });

/**
 * Follow-up cases (decision 026): the inbox of detractors to contact, its count for the navigation, a case's page, and
 * what is done on it (assign, contact, note, resolve). Owners see every site's cases, managers their own sites'; a
 * case of another site is 404 to them, on every route. Each change writes its timeline entry and its audit row in
 * one transaction, and answers the case as it now is.
 */
export function followUpRoutes(deps: { db: Db }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  const staffDoor = allow('owner', 'manager');

  /** Runs an action on the case the path names, audits it, and answers the case as it now is. */
  async function act(
    c: Context<AdminEnv>,
    action: AuditAction,
    run: (tx: Tx, target: { scope: SiteScope; caseId: string; now: Date }) => Promise<boolean | void>,
  ): Promise<FollowUpDetail> {
    const scope = visibleSites(c.get('principal'));
    const caseId = c.req.param('id')!;
    const now = new Date();
    return deps.db.transaction(async (tx) => {
      const changed = await run(tx, { scope, caseId, now });
      if (changed !== false) await recordAudit(tx, { ...auditedBy(c), action, subjectId: caseId });
      const detail = await findFollowUp(tx, scope, caseId, now);
      if (!detail) throw notFound();
      return detail;
    });
  }

  declareList(app, deps.db, {
    path: '/admin/follow-ups',
    summary: "The follow-up inbox: the caller's own cases first, overdue first, then the oldest, a page at a time",
    query: followUpQuerySchema,
    page: followUpPageSchema,
    door: staffDoor,
    list: (c, { site, assignee, ...query }) => {
      const principal = c.get('principal');
      const assigned = assignee === 'me' ? staffOf(principal).id : assignee;
      const viewerId = principal.kind === 'staff' ? principal.staff.id : undefined;
      return listFollowUps(deps.db, siteScope(principal, site), { ...query, assignee: assigned }, new Date(), viewerId);
    },
  });

  // Before `/:id`, which would take `count` for an id.
  app.get(
    '/admin/follow-ups/count',
    describe({
      summary: 'How many cases wait for a first contact, and how many of them are overdue (the navigation)',
      answers: { 200: { description: '`{ open, overdue }`', body: followUpCountSchema } },
      refusals: ['validation_failed', 'unauthorized', 'forbidden', 'rate_limited'],
    }),
    staffDoor,
    validQuery(v.object(includeDemoFilter)),
    async (c) =>
      c.json(await countFollowUps(deps.db, visibleSites(c.get('principal')), new Date(), c.req.valid('query'))),
  );

  app.get(
    '/admin/follow-ups/:id',
    describe({
      summary: "A case's page: the survey, how to reach the member, the timeline",
      answers: caseAnswer('The case.'),
      refusals: ['unauthorized', 'forbidden', 'not_found', 'rate_limited'],
    }),
    staffDoor,
    caseParam,
    async (c) => {
      const scope = visibleSites(c.get('principal'));
      // One transaction: an erasure cannot slip between the read and its audit row and leave the id behind.
      const detail = await deps.db.transaction(async (tx) => {
        const found = await findFollowUp(tx, scope, c.req.valid('param').id);
        if (!found) throw notFound();
        await recordAudit(tx, { ...auditedBy(c), action: 'follow_up_viewed', subjectId: found.id });
        return found;
      });
      return c.json(detail);
    },
  );

  app.post(
    '/admin/follow-ups/:id/assign',
    describe({
      summary: 'Give a case to a staff member of its site, or to nobody',
      answers: caseAnswer(
        'The case. A manager may take a case for themself or give back their own; an owner may give it to any ' +
          'enabled owner or manager of its site. Giving it to whom it already has changes nothing.',
      ),
      refusals: [...ACTION_REFUSALS, 'case_closed'],
    }),
    staffDoor,
    caseParam,
    jsonBody,
    validJson(followUpAssignSchema),
    async (c) => {
      const { assigneeId } = c.req.valid('json');
      const principal = c.get('principal');
      return c.json(
        await act(c, 'follow_up_assigned', (tx, target) => assignFollowUp(tx, { ...target, principal, assigneeId })),
      );
    },
  );

  app.post(
    '/admin/follow-ups/:id/contact',
    describe({
      summary: 'Mark the member contacted, with a note of how',
      answers: caseAnswer('The case, contacted (the first contact keeps its time).'),
      refusals: [...ACTION_REFUSALS, 'case_closed'],
    }),
    staffDoor,
    caseParam,
    jsonBody,
    validJson(followUpContactSchema),
    async (c) => {
      const { note } = c.req.valid('json');
      const actor = actorOf(c.get('principal'));
      return c.json(
        await act(c, 'follow_up_contacted', (tx, target) => contactFollowUp(tx, { ...target, actor, note })),
      );
    },
  );

  app.post(
    '/admin/follow-ups/:id/notes',
    describe({
      summary: "Add a note to a case's timeline",
      answers: caseAnswer('The case, with the note.'),
      refusals: [...ACTION_REFUSALS],
    }),
    staffDoor,
    caseParam,
    jsonBody,
    validJson(followUpNoteSchema),
    async (c) => {
      const { text } = c.req.valid('json');
      const actor = actorOf(c.get('principal'));
      return c.json(await act(c, 'follow_up_noted', (tx, target) => noteFollowUp(tx, { ...target, actor, text })));
    },
  );

  app.post(
    '/admin/follow-ups/:id/resolve',
    describe({
      summary: 'Resolve a case with its root cause and what was done',
      answers: caseAnswer('The case, resolved; a `follow_up.resolved` event is sent.'),
      refusals: [...ACTION_REFUSALS, 'case_closed'],
    }),
    staffDoor,
    caseParam,
    jsonBody,
    validJson(followUpResolveSchema),
    async (c) => {
      const resolution = c.req.valid('json');
      const actor = actorOf(c.get('principal'));
      return c.json(
        await act(c, 'follow_up_resolved', (tx, target) => resolveFollowUp(tx, { ...target, ...resolution, actor })),
      );
    },
  );

  return app;
}
