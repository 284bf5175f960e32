import { queryOptions } from '@tanstack/react-query';
import type { IssueRequest } from '../../../machines/issue-code/issue-code.types';
import type { ApiErrorBody } from '../../domain/api-error-body';
import type { CodeLink, IssuedCode } from '../../domain/issued-codes';
import type { RegistrationProgress } from '../../domain/registration';
import type { SmsStatus } from '../../domain/webhooks';
import { ADMIN_KEY, consoleApi, getJson, pagedListOptions, sendJson } from '../client';

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

export const ISSUED_CODES_KEY = [...ADMIN_KEY, 'issued-codes'] as const;

/**
 * The counter's codes of a day (none: today on each site's clock), newest first, a page at a time. Asked again every
 * 5 s while the page is open, so a text sent, a link opened or a profile completed shows without a reload.
 */
export const issuedCodesQuery = (day: string) => ({
  ...pagedListOptions<IssuedCode>(ISSUED_CODES_KEY, 'admin/registrations', new URLSearchParams(day ? { day } : {})),
  refetchInterval: 5000,
});

/** An issued code again, for its QR code and link; a refusal (used, expired) throws the server's message. */
export async function codeLink(id: string): Promise<CodeLink> {
  const response = await consoleApi.get(`admin/registrations/${id}/link`);
  if (response.ok) return await response.json<CodeLink>();
  const body = await response.json<Partial<ApiErrorBody>>().catch(() => null);
  throw new Error(body?.error?.message ?? 'The code could not be shown again.');
}

/** Texts an issued code again; a refusal throws the server's message. */
export const textCodeAgain = (id: string) => sendJson<SmsStatus>('post', `admin/registrations/${id}/texts`);
