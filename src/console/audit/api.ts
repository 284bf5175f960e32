import type { AuditEvent } from '../../domain/audit';
import { ADMIN_KEY, pagedListOptions } from '../client';

/** `/admin/audit-events?who=&action=&from=&to=`: console actions, a page at a time, newest first, named. */
export const auditListQuery = (filters: URLSearchParams) =>
  pagedListOptions<AuditEvent>([...ADMIN_KEY, 'audit'], 'admin/audit-events', filters);

/** Every action the same filters select, as a CSV file (owners; the server audits the export). */
export const auditCsvUrl = (filters: URLSearchParams) => `/api/admin/audit-events.csv?${filters.toString()}`;
