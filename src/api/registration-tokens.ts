import { queryOptions } from '@tanstack/react-query';
import type { Registration } from '../domain/registration';
import { api } from './client';

export function fetchRegistration(token: string, signal?: AbortSignal): Promise<Registration> {
  return api.get(`registration-tokens/${encodeURIComponent(token)}`, { signal }).json<Registration>();
}

export const registrationQuery = (token: string) =>
  queryOptions({
    queryKey: ['registration-tokens', token],
    queryFn: ({ signal }) => fetchRegistration(token, signal),
    retry: false,
    staleTime: Infinity,
  });
