import type { Db, Tx } from '../db/client';
import { auditEvents } from '../db/schema';

/**
 * Who acted: a signed-in staff member, an API key (`environment` for ADMIN_API_KEY), or the command line on the
 * server's machine.
 */
export type Actor = { kind: 'staff'; id: string } | { kind: 'key'; id: string } | { kind: 'cli' };

export type AuditAction =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_out'
  | 'password_changed'
  /** An owner gave a staff member a new one-time password. */
  | 'password_reset'
  | 'staff_added'
  | 'staff_changed'
  | 'code_issued'
  /** The counter showed an issued code again (its QR code and link), or texted it again (decision 045). */
  | 'code_shown'
  | 'code_texted'
  /** A returning member's code was issued with their saved profile in it: the issuer disclosed it to the link. */
  | 'member_prefilled'
  | 'member_viewed'
  | 'member_erased'
  | 'export'
  | 'webhook_endpoint_added'
  | 'webhook_endpoint_changed'
  | 'webhook_endpoint_deleted'
  | 'webhook_test_sent'
  | 'webhook_resent'
  | 'api_key_created'
  | 'api_key_revoked'
  | 'site_added'
  | 'site_changed'
  | 'follow_up_viewed'
  | 'follow_up_assigned'
  | 'follow_up_contacted'
  | 'follow_up_noted'
  | 'follow_up_resolved';

/**
 * One row per console action that reveals or changes data. Only ids: the subject is a record id and the client
 * the address the throttles count by, so the log itself holds no customer's personal data.
 */
export async function recordAudit(
  db: Db | Tx,
  event: { actor: Actor; action: AuditAction; subjectId?: string | null; client?: string | null },
): Promise<void> {
  await db.insert(auditEvents).values({
    id: crypto.randomUUID(),
    actorKind: event.actor.kind,
    actorId: event.actor.kind === 'cli' ? null : event.actor.id,
    action: event.action,
    subjectId: event.subjectId ?? null,
    client: event.client ?? null,
  });
}
