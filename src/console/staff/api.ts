import { queryOptions } from '@tanstack/react-query';
import type { ApiErrorBody } from '../../domain/api-error';
import type { AuditEvent } from '../../domain/audit';
import type { StaffMember } from '../../domain/staff';
import { ADMIN_KEY, consoleApi, getJson } from '../client';

export const staffListQuery = queryOptions({
  queryKey: [...ADMIN_KEY, 'staff'],
  queryFn: () => getJson<{ results: StaffMember[] }>('admin/staff'),
});

export const auditEventsQuery = queryOptions({
  queryKey: [...ADMIN_KEY, 'audit'],
  queryFn: () => getJson<{ results: AuditEvent[] }>('admin/audit-events'),
});

/** A refusal in one line: the first field's message, else the server's. */
const refusalOf = (error: Partial<ApiErrorBody['error']> | undefined) =>
  new Error(Object.values(error?.issues ?? {})[0] ?? error?.message ?? 'Refused');

/** Adds a staff member; the answer holds their one-time password when the server made one. */
export async function addStaff(json: { email: string; role: string; sites: string[] }) {
  const response = await consoleApi.post('admin/staff', { json });
  const body = await response.json<{ staff: StaffMember; password?: string } & Partial<ApiErrorBody>>();
  if (!response.ok) throw refusalOf(body.error);
  return body;
}

/** Changes a staff member's role and sites, or their access (`disabled`). */
export async function changeStaff(id: string, json: { role?: string; sites?: string[]; disabled?: boolean }) {
  const response = await consoleApi.patch(`admin/staff/${id}`, { json });
  if (!response.ok) throw refusalOf((await response.json<ApiErrorBody>()).error);
}
