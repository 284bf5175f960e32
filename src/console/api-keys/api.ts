import { queryOptions } from '@tanstack/react-query';
import type { ApiKey, CreatedApiKey } from '../../domain/api-keys';
import { ADMIN_KEY, getJson, sendJson } from '../client';

export const apiKeysKey = [...ADMIN_KEY, 'api-keys'] as const;

export const apiKeysQuery = queryOptions({
  queryKey: apiKeysKey,
  queryFn: () => getJson<{ results: ApiKey[] }>('admin/api-keys'),
});

/** The new key with the key itself, shown once; a refusal throws its message and field messages. */
export const createApiKey = async (json: { name: string; scopes: string[]; sites: string[] }) =>
  (await sendJson<CreatedApiKey>('post', 'admin/api-keys', json))!;

export const revokeApiKey = (id: string) => sendJson('post', `admin/api-keys/${id}/revoke`);
