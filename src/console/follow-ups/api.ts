import { queryOptions } from '@tanstack/react-query';
import type {
  AssignRequest,
  ContactRequest,
  NoteRequest,
  ResolveRequest,
} from '../../../machines/follow-up-case/follow-up-case.types';
import type { FollowUpCount, FollowUpDetail, FollowUpSummary } from '../../domain/follow-ups';
import { ADMIN_KEY, consoleApi, getJson, pagedListOptions } from '../client';

export const followUpsKey = [...ADMIN_KEY, 'follow-ups'] as const;

/** `/admin/follow-ups?site=&status=&assignee=`, a page at a time, overdue first, then the oldest. */
export const followUpsListQuery = (filters: URLSearchParams) =>
  pagedListOptions<FollowUpSummary>([...followUpsKey, 'list'], 'admin/follow-ups', filters);

/** The navigation's count of open cases (refreshed every minute: a new survey opens one at any time). */
export const followUpCountQuery = queryOptions({
  queryKey: [...followUpsKey, 'count'],
  queryFn: () => getJson<FollowUpCount>('admin/follow-ups/count'),
  refetchInterval: 60_000,
});

export const followUpQuery = (id: string) =>
  queryOptions({
    queryKey: [...followUpsKey, 'case', id],
    queryFn: () => getJson<FollowUpDetail>(`admin/follow-ups/${encodeURIComponent(id)}`),
    retry: false,
  });

const casePath = (caseId: string, action: string) => `admin/follow-ups/${encodeURIComponent(caseId)}/${action}`;

/** The case page's actions, answering with any status: the chart's actors decide what each means. */
export const assignRequest = ({ caseId, body }: AssignRequest) =>
  consoleApi.post(casePath(caseId, 'assign'), { json: body });
export const contactRequest = ({ caseId, body }: ContactRequest) =>
  consoleApi.post(casePath(caseId, 'contact'), { json: body });
export const noteRequest = ({ caseId, body }: NoteRequest) =>
  consoleApi.post(casePath(caseId, 'notes'), { json: body });
export const resolveRequest = ({ caseId, body }: ResolveRequest) =>
  consoleApi.post(casePath(caseId, 'resolve'), { json: body });
