import { queryOptions } from '@tanstack/react-query';
import type { IntegrationSettings } from '../domain/webhooks';
import { ADMIN_KEY, getJson } from './client';

/** What this server is set up to send (texts; webhooks to private networks): the issue and integrations pages ask. */
export const integrationSettingsQuery = queryOptions({
  queryKey: [...ADMIN_KEY, 'integrations'],
  queryFn: () => getJson<IntegrationSettings>('admin/integrations'),
});
