import type { AuditAction } from '../../../src/domain/audit';
import type { Db, Tx } from '../../platform/db/client';
import { auditEvents } from '../../platform/db/schema';

/**
 * Who acted: a signed-in staff member, an API key (`environment` for ADMIN_API_KEY), or the command line on the
 * server's machine.
 */
export type Actor = { kind: 'staff'; id: string } | { kind: 'key'; id: string } | { kind: 'cli' };

/** The kinds of action, listed once in src/domain/audit.ts (the log's filter takes them). */
export type { AuditAction };

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
