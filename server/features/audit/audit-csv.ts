import { AUDIT_ACTION_LABELS, type AuditEvent } from '../../../src/domain/audit';
import { listAuditRows, type AuditFilters } from './list-audit';
import { namedEvents } from './audit-names';
import type { Db } from '../../platform/db/client';
import { csvStream, keysetBatches } from '../../platform/lists/csv-stream';

const columns: { header: string; value: (event: AuditEvent) => string | null }[] = [
  { header: 'id', value: (e) => e.id },
  { header: 'at', value: (e) => e.at },
  { header: 'who_kind', value: (e) => e.actor.kind },
  { header: 'who', value: (e) => e.actor.name },
  { header: 'action', value: (e) => e.action },
  { header: 'what', value: (e) => AUDIT_ACTION_LABELS[e.action] },
  { header: 'about', value: (e) => e.targets.map((target) => target.name).join('; ') },
  { header: 'site_id', value: (e) => e.siteId },
  { header: 'client', value: (e) => e.client },
];

/**
 * Every audit row the log's filters select, newest first, with the names the page shows (read a batch at a time,
 * as the page reads them); times in UTC, as every export writes them.
 */
export function auditCsv(db: Db, filters: AuditFilters): ReadableStream {
  return csvStream(
    columns,
    keysetBatches(async (page) => {
      const { rows, nextCursor } = await listAuditRows(db, { ...filters, ...page });
      return {
        rows: await namedEvents(
          db,
          rows.map(({ row }) => row),
        ),
        nextCursor,
      };
    }),
  );
}
