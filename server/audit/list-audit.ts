import { desc } from 'drizzle-orm';
import type { AuditEvent } from '../../src/domain/audit';
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';

const LATEST = 200;

/** The newest console actions first, for the owners' Staff page. */
export async function listAudit(db: Db): Promise<AuditEvent[]> {
  const rows = await db.select().from(auditEvents).orderBy(desc(auditEvents.at), desc(auditEvents.id)).limit(LATEST);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
