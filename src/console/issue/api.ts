import { queryOptions } from '@tanstack/react-query';
import type { IssueRequest } from '../../../machines/issue-code/issue-code.types';
import type { RegistrationProgress } from '../../domain/registration';
import { ADMIN_KEY, consoleApi, getJson } from '../client';

/**
 * `POST /api/admin/registration-tokens` as it answers (the issue-code flow reads the status); `send: 'sms'` texts
 * the link too.
 */
export const issueCodeRequest = (body: IssueRequest) => consoleApi.post('admin/registration-tokens', { json: body });

/** An issued registration's progress, asked again every 2 s while its text message is queued. */
export const registrationProgressQuery = (registrationId: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'registrations', registrationId],
    queryFn: () => getJson<RegistrationProgress>(`admin/registrations/${registrationId}`),
    refetchInterval: (query) => (query.state.data?.sms?.status === 'queued' || !query.state.data ? 2000 : false),
  });
