import { Hono } from 'hono';
import { validator } from 'hono-openapi';
import * as v from 'valibot';
import { recordId } from '../../../src/domain/paging';
import {
  addedStaffSchema,
  newStaffSchema,
  resetPasswordSchema,
  staffListSchema,
  staffMemberSchema,
  staffUpdateSchema,
} from '../../../src/domain/staff';
import { allow, auditedBy, signedInStaff, staffOf, type AdminEnv } from '../../platform/access/principal';
import { recordAudit } from '../audit/record-audit';
import type { Db } from '../../platform/db/client';
import { ApiError } from '../../platform/http/api-error';
import { jsonBody, validChange, validJson } from '../../platform/http/request-input';
import { CHANGE_REFUSALS, describe, JSON_BODY_REFUSALS } from '../../platform/http/route-description';
import { addStaff } from './add-staff';
import type { Auth } from './auth';
import { listStaff } from './list-staff';
import { resetStaffPassword } from './reset-password';
import { NO_SUCH_STAFF, updateStaff } from './update-staff';

/**
 * The console's staff: who is signed in (`/api/admin/me`), and `/api/admin/staff`, for owners (and the command
 * line's key, for `npm run staff`) only.
 */
export function staffRoutes(deps: { db: Db; auth: Auth }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  const ownersOnly = allow('owner');

  app.get(
    '/admin/me',
    describe({
      summary: 'The signed-in staff member',
      answers: { 200: { description: 'Their id, email, name, role and sites.', body: staffMemberSchema } },
      refusals: ['unauthorized', 'forbidden'],
    }),
    signedInStaff,
    (c) => c.json(staffOf(c.get('principal'))),
  );

  app.get(
    '/admin/staff',
    describe({
      summary: 'Every staff member',
      answers: { 200: { description: '`{ results: [staff…] }`, oldest first.', body: staffListSchema } },
      refusals: ['unauthorized', 'forbidden', 'rate_limited'],
    }),
    ownersOnly,
    async (c) => c.json({ results: await listStaff(deps.db) }),
  );

  app.post(
    '/admin/staff',
    describe({
      summary: 'Add a staff member',
      answers: {
        201: {
          description: '`{ staff, password? }`: the password only when one was generated, shown this once.',
          body: addedStaffSchema,
        },
      },
      refusals: [...JSON_BODY_REFUSALS, 'unauthorized', 'forbidden', 'already_exists', 'rate_limited'],
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
    '/admin/staff/:id',
    describe({
      summary: "Change a staff member's name, role, sites or access",
      answers: { 200: { description: 'The staff member as changed.', body: staffMemberSchema } },
      refusals: [...CHANGE_REFUSALS, 'unauthorized', 'forbidden', 'not_found', 'last_owner', 'rate_limited'],
    }),
    ownersOnly,
    validator('param', v.object({ id: recordId(NO_SUCH_STAFF) }), (result) => {
      if (!result.success) throw new ApiError(404, 'not_found', NO_SUCH_STAFF);
    }),
    jsonBody,
    validChange(staffUpdateSchema),
    async (c) => {
      const id = c.req.valid('param').id;
      const changed = await deps.db.transaction(async (tx) => {
        const audited = auditedBy(c);
        const member = await updateStaff(tx, id, c.req.valid('json'), audited.actor);
        await recordAudit(tx, {
          ...audited,
          action: 'staff_changed',
          subjectId: member.id,
        });
        return member;
      });
      return c.json(changed);
    },
  );

  app.post(
    '/admin/staff/:id/reset-password',
    describe({
      summary: 'Give a staff member a new one-time password, to change at their next sign-in; their sessions end',
      answers: { 200: { description: '`{ password }`, shown this once.', body: resetPasswordSchema } },
      refusals: ['unauthorized', 'forbidden', 'wrong_origin', 'not_found', 'rate_limited'],
    }),
    ownersOnly,
    validator('param', v.object({ id: recordId(NO_SUCH_STAFF) }), (result) => {
      if (!result.success) throw new ApiError(404, 'not_found', NO_SUCH_STAFF);
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const reset = await resetStaffPassword(deps.db, deps.auth, id);
      await recordAudit(deps.db, { ...auditedBy(c), action: 'password_reset', subjectId: id });
      return c.json(reset);
    },
  );

  return app;
}
