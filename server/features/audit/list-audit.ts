import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { AuditEvent, AuditQuery } from '../../../src/domain/audit';
import type { Page } from '../../../src/domain/paging';
import type { Db } from '../../platform/db/client';
import { auditEvents } from '../../platform/db/schema';
import { readKeysetPage, type KeysetOrder } from '../../platform/lists/keyset-page';
import { inDays } from '../members/list-conditions';
import { namedEvents } from './audit-names';

/** The log's filters, and the zone its days are counted on (the reader's: decision 046). */
export type AuditFilters = Omit<AuditQuery, 'limit' | 'after'> & { timeZone?: string };

export type AuditRow = typeof auditEvents.$inferSelect;

/** `cli`, `staff:<id>` or `key:<id>`, as the query's schema has checked it: an index serves each (migration). */
function by(who: string | undefined): SQL | undefined {
  if (who === undefined) return undefined;
  if (who === 'cli') return and(eq(auditEvents.actorKind, 'cli'), isNull(auditEvents.actorId));
  const [kind, id] = [who.slice(0, who.indexOf(':')), who.slice(who.indexOf(':') + 1)];
  return and(eq(auditEvents.actorKind, kind), eq(auditEvents.actorId, id));
}

export const auditConditions = (filters: AuditFilters) =>
  and(
    by(filters.who),
    filters.action ? eq(auditEvents.action, filters.action) : undefined,
    inDays(auditEvents.at, filters.from, filters.to, filters.timeZone),
  );

/** Newest first, ties by id. */
const NEWEST_FIRST: KeysetOrder = {
  parts: [
    { expression: auditEvents.at, part: 'time' },
    { expression: auditEvents.id, part: 'id' },
  ],
  direction: 'desc',
};

/** The log's rows as stored, a keyset page at a time. */
export function listAuditRows(db: Db, query: AuditFilters & { limit: number; after?: string | undefined }) {
  return readKeysetPage(NEWEST_FIRST, query, (keyset) =>
    db
      .select({ row: auditEvents, cursorKey: keyset.cursorKey })
      .from(auditEvents)
      .where(and(auditConditions(query), keyset.after))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
}

/** The owners' audit log page: newest first, filtered, each row with its names read on the server. */
export async function listAudit(db: Db, query: AuditQuery & { timeZone?: string }): Promise<Page<AuditEvent>> {
  const { rows, nextCursor } = await listAuditRows(db, query);
  return {
    results: await namedEvents(
      db,
      rows.map(({ row }) => row),
    ),
    nextCursor,
  };
}
