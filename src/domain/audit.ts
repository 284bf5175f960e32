import * as v from 'valibot';
import { day } from './list-filters';
import { pageOf, pageQuerySchema } from './paging';

/** Every kind of console action the audit log records (server/features/audit/record-audit.ts writes them). */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'password_changed',
  /** An owner gave a staff member a new one-time password. */
  'password_reset',
  'staff_added',
  'staff_changed',
  'code_issued',
  /** The counter showed an issued code again (its QR code and link), or texted it again (decision 045). */
  'code_shown',
  'code_texted',
  /** A returning member's code was issued with their saved profile in it: the issuer disclosed it to the link. */
  'member_prefilled',
  'member_viewed',
  'member_erased',
  'export',
  'webhook_endpoint_added',
  'webhook_endpoint_changed',
  'webhook_endpoint_deleted',
  'webhook_test_sent',
  'webhook_resent',
  'api_key_created',
  'api_key_revoked',
  'site_added',
  'site_changed',
  'follow_up_viewed',
  'follow_up_assigned',
  'follow_up_contacted',
  'follow_up_noted',
  'follow_up_resolved',
  /** The demo code and what it made were removed: by an owner, or by the first real code or site (decision 049). */
  'demo_data_removed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Each action as the console and the CSV's `what` column say it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  sign_out: 'Signed out',
  password_changed: 'Changed their password',
  password_reset: 'Reset a password',
  staff_added: 'Added staff',
  staff_changed: 'Changed staff',
  code_issued: 'Issued a code',
  code_shown: 'Showed a code again',
  code_texted: 'Texted a code again',
  member_prefilled: 'Pre-filled a returning member',
  member_viewed: 'Viewed a member',
  member_erased: 'Erased a member',
  export: 'Exported',
  webhook_endpoint_added: 'Added a webhook endpoint',
  webhook_endpoint_changed: 'Changed a webhook endpoint',
  webhook_endpoint_deleted: 'Deleted a webhook endpoint',
  webhook_test_sent: 'Sent a test webhook',
  webhook_resent: 'Resent a webhook',
  api_key_created: 'Created an API key',
  api_key_revoked: 'Revoked an API key',
  site_added: 'Added a site',
  site_changed: 'Changed a site',
  follow_up_viewed: 'Viewed a case',
  follow_up_assigned: 'Assigned a case',
  follow_up_contacted: 'Contacted a member',
  follow_up_noted: 'Noted a case',
  follow_up_resolved: 'Resolved a case',
  demo_data_removed: 'Removed the demo data',
};

export const AUDIT_MESSAGES = {
  who: 'who is cli, staff:<id> or key:<id>',
  action: 'action is one of the audit log’s actions',
} as const;

/** Who acted, as a filter names them: the command line, a staff member or an API key (`environment`: ADMIN_API_KEY). */
const WHO = /^(cli|(staff|key):[\w-]{1,64})$/;

/**
 * `/api/admin/audit-events`: newest first, by who acted, what they did, and from/to calendar days on the reader's
 * zone (decision 046: the log is not one site's, so the owner's own zone counts its days).
 */
export const auditQuerySchema = v.object({
  ...pageQuerySchema.entries,
  from: v.optional(day),
  to: v.optional(day),
  who: v.optional(v.pipe(v.string(AUDIT_MESSAGES.who), v.regex(WHO, AUDIT_MESSAGES.who))),
  action: v.optional(v.picklist(AUDIT_ACTIONS, AUDIT_MESSAGES.action)),
});
export type AuditQuery = v.InferOutput<typeof auditQuerySchema>;

export const ACTOR_KINDS = ['staff', 'key', 'cli'] as const;

/**
 * What an event was about, named: a staff member, API key, site, member (linked to their page), follow-up case,
 * an issued code not yet completed, a webhook endpoint, a list exported, or the counts of an erasure. `erased`: the
 * member was erased, and their ids with them; `gone`: the record is no longer kept. `id` is for a link, never shown.
 */
export const AUDIT_TARGET_KINDS = [
  'staff',
  'key',
  'site',
  'member',
  'case',
  'code',
  'webhook',
  'list',
  'summary',
  'erased',
  'gone',
] as const;

const auditTargetSchema = v.object({
  kind: v.picklist(AUDIT_TARGET_KINDS),
  id: v.nullable(v.string()),
  name: v.string(),
});
export type AuditTarget = v.InferOutput<typeof auditTargetSchema>;

/**
 * One row of the audit log as the console reads it: when, who (named: a staff member's name, or their email while
 * they have none; a key's name; "command line"), what, what it was about (named on the server, never a bare id),
 * the site whose clock the time is read on (null: none, the reader's zone), and the client address.
 */
export const auditEventSchema = v.object({
  id: v.string(),
  at: v.string(),
  actor: v.object({ kind: v.picklist(ACTOR_KINDS), id: v.nullable(v.string()), name: v.string() }),
  action: v.picklist(AUDIT_ACTIONS),
  targets: v.array(auditTargetSchema),
  siteId: v.nullable(v.string()),
  client: v.nullable(v.string()),
});
export type AuditEvent = v.InferOutput<typeof auditEventSchema>;

export const auditPageSchema = pageOf(auditEventSchema);
