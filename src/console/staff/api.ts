import { queryOptions } from '@tanstack/react-query';
import type { AuditEvent } from '../../domain/audit';
import type { StaffMember } from '../../domain/staff';
import { ADMIN_KEY, getJson, sendJson } from '../client';

export const staffListQuery = queryOptions({
  queryKey: [...ADMIN_KEY, 'staff'],
  queryFn: () => getJson<{ results: StaffMember[] }>('admin/staff'),
});

export const auditEventsQuery = queryOptions({
  queryKey: [...ADMIN_KEY, 'audit'],
  queryFn: () => getJson<{ results: AuditEvent[] }>('admin/audit-events'),
});

/** Adds a staff member; the answer holds their one-time password when the server made one. */
export const addStaff = async (json: { name: string; email: string; role: string; sites: string[] }) =>
  (await sendJson<{ staff: StaffMember; password?: string }>('post', 'admin/staff', json))!;

/** Changes a staff member's name, role and sites, or their access (`disabled`). */
export const changeStaff = (id: string, json: { name?: string; role?: string; sites?: string[]; disabled?: boolean }) =>
  sendJson<StaffMember>('patch', `admin/staff/${id}`, json);

/** A staff member as the console names them: their name, their email while they have none. */
export const staffName = (member: Pick<StaffMember, 'name' | 'email'>) => member.name || member.email;

/** An owner's reset of a staff member's password: the new one-time password, shown once; their sessions end. */
export const resetStaffPassword = async (id: string) =>
  (await sendJson<{ password: string }>('post', `admin/staff/${id}/reset-password`))!;
