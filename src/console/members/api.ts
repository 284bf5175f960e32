import { queryOptions } from '@tanstack/react-query';
import type { MemberDetail, MemberSummary } from '../../domain/members';
import { ADMIN_KEY, getJson, pagedListOptions } from '../client';
import { withDemoFlag } from '../demo-data/show-demo';

const membersKey = [...ADMIN_KEY, 'members'] as const;

/** `/admin/members?q=&site=&from=&to=&consent=`, a page at a time, newest first. */
export const membersListQuery = (filters: URLSearchParams) =>
  pagedListOptions<MemberSummary>(membersKey, 'admin/members', filters);

/** Every member the same filters select, as a CSV file (owners; the server audits the export). */
export const membersCsvUrl = (filters: URLSearchParams) => withDemoFlag(`/api/admin/members.csv?${filters.toString()}`);

export const memberQuery = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'member', id],
    queryFn: () => getJson<MemberDetail>(`admin/members/${encodeURIComponent(id)}`),
  });
