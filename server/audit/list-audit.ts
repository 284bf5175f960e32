import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';

const LATEST = 200;

export interface AuditEvent {
  id: string;
  at: string;
  actorKind: string;
  actorId: string | null;
  action: string;
  subjectId: string | null;
  client: string | null;
}

/** The newest console actions first, for the owners' Staff page. */
export async function listAudit(db: Db): Promise<AuditEvent[]> {
  const rows = await db.select().from(auditEvents).orderBy(desc(auditEvents.at), desc(auditEvents.id)).limit(LATEST);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
