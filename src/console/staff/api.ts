import { queryOptions } from '@tanstack/react-query';
import type { StaffMember } from '../../domain/staff';
import { ADMIN_KEY, getJson, sendJson } from '../client';

export const staffListQuery = queryOptions({
  queryKey: [...ADMIN_KEY, 'staff'],
  queryFn: () => getJson<{ results: StaffMember[] }>('admin/staff'),
});

/** Adds a staff member; the answer holds their one-time password when the server made one. */
export const addStaff = async (json: { name: string; email: string; role: string; sites: string[] }) =>
  (await sendJson<{ staff: StaffMember; password?: string }>('post', 'admin/staff', json))!;

/** Changes a staff member's name, role and sites, or their access (`disabled`). */
export const changeStaff = (id: string, json: { name?: string; role?: string; sites?: string[]; disabled?: boolean }) =>
  sendJson<StaffMember>('patch', `admin/staff/${id}`, json);

/** An owner's reset of a staff member's password: the new one-time password, shown once; their sessions end. */
export const resetStaffPassword = async (id: string) =>
  (await sendJson<{ password: string }>('post', `admin/staff/${id}/reset-password`))!;
