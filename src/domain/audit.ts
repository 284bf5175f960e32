import * as v from 'valibot';

/**
 * One row of the audit log as `GET /api/admin/audit-events` answers it: who acted (`actorKind` staff, key or cli,
 * and the staff member's or key's id), what they did, to which record, and from which client address.
 */
export const auditEventSchema = v.object({
  id: v.string(),
  at: v.string(),
  actorKind: v.string(),
  actorId: v.nullable(v.string()),
  action: v.string(),
  subjectId: v.nullable(v.string()),
  client: v.nullable(v.string()),
});
export type AuditEvent = v.InferOutput<typeof auditEventSchema>;

/** The latest events, newest first. */
export const auditEventListSchema = v.object({ results: v.array(auditEventSchema) });
