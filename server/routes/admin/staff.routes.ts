import { Hono } from 'hono';
import { validator } from 'hono-openapi';
import * as v from 'valibot';
import { addedStaffSchema, staffListSchema, staffMemberSchema } from '../../../src/domain/api-answers';
import { recordId } from '../../../src/domain/paging';
import { newStaffSchema, staffUpdateSchema } from '../../../src/domain/staff';
import { recordAudit } from '../../audit/record-audit';
import { listAudit } from '../../audit/list-audit';
import { ApiError } from '../../lib/api-error';
import { jsonBody, validJson } from '../../lib/request-input';
import { describe, JSON_BODY_REFUSALS } from '../../lib/route-description';
import { addStaff } from '../../staff/add-staff';
import { listStaff } from '../../staff/list-staff';
import { NO_SUCH_STAFF, updateStaff } from '../../staff/update-staff';
import { allow, auditedBy, type AdminEnv, type PrincipalDeps } from './principal';

/** `/api/admin/staff` and the audit log: owners (and the bearer key, for `npm run staff`) only. */
export function staffRoutes(deps: PrincipalDeps): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  const ownersOnly = allow('owner');

  app.get(
    '/staff',
    describe({
      summary: 'Every staff member',
      answers: { 200: { description: '`{ results: [staff…] }`, oldest first.', body: staffListSchema } },
      refusals: ['unauthorized', 'forbidden', 'rate_limited'],
      access: 'admin',
    }),
    ownersOnly,
    async (c) => c.json({ results: await listStaff(deps.db) }),
  );

  app.post(
    '/staff',
    describe({
      summary: 'Add a staff member',
      answers: {
        201: {
          description: '`{ staff, password? }`: the password only when one was generated, shown this once.',
          body: addedStaffSchema,
        },
      },
      refusals: [...JSON_BODY_REFUSALS, 'unauthorized', 'forbidden', 'already_exists', 'rate_limited'],
      access: 'admin',
    }),
    ownersOnly,
    jsonBody,
    validJson(newStaffSchema),
    async (c) => {
      const added = await addStaff(deps.db, deps.auth, c.req.valid('json'));
      await recordAudit(deps.db, {
        ...auditedBy(c),
        action: 'staff_added',
        subjectId: added.staff.id,
      });
      return c.json(added, 201);
    },
  );

  app.patch(
    '/staff/:id',
    describe({
      summary: "Change a staff member's role, sites or access",
      answers: { 200: { description: 'The staff member as changed.', body: staffMemberSchema } },
      refusals: [...JSON_BODY_REFUSALS, 'unauthorized', 'forbidden', 'not_found', 'last_owner', 'rate_limited'],
      access: 'admin',
    }),
    ownersOnly,
    validator('param', v.object({ id: recordId(NO_SUCH_STAFF) }), (result) => {
      if (!result.success) throw new ApiError(404, 'not_found', NO_SUCH_STAFF);
    }),
    jsonBody,
    validJson(staffUpdateSchema),
    async (c) => {
      const id = c.req.valid('param').id;
      const changed = await deps.db.transaction(async (tx) => {
        const member = await updateStaff(tx, id, c.req.valid('json'));
        await recordAudit(tx, {
          ...auditedBy(c),
          action: 'staff_changed',
          subjectId: member.id,
        });
        return member;
      });
      return c.json(changed);
    },
  );

  app.get(
    '/audit-events',
    describe({
      summary: 'The latest console actions: who, what, when and from where',
      answers: { 200: '`{ results: [event…] }`, newest first, at most 200.' },
      refusals: ['unauthorized', 'forbidden', 'rate_limited'],
      access: 'admin',
    }),
    ownersOnly,
    async (c) => c.json({ results: await listAudit(deps.db) }),
  );

  return app;
}
