import { queryOptions } from '@tanstack/react-query';
import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint } from '../../domain/webhooks';
import { ADMIN_KEY, getJson, sendJson } from '../client';

export const endpointsKey = [...ADMIN_KEY, 'webhook-endpoints'] as const;
const endpointPath = (id: string) => `admin/webhook-endpoints/${id}`;

export const endpointsQuery = queryOptions({
  queryKey: endpointsKey,
  queryFn: () => getJson<{ results: WebhookEndpoint[] }>('admin/webhook-endpoints'),
});

/** An endpoint's last deliveries, asked again every 3 s while shown, so a test event is seen arriving. */
export const deliveriesQuery = (endpointId: string) =>
  queryOptions({
    queryKey: [...endpointsKey, endpointId, 'deliveries'],
    queryFn: () => getJson<{ results: WebhookDelivery[] }>(`${endpointPath(endpointId)}/deliveries`),
    refetchInterval: 3000,
  });

/** The endpoint with its signing secret, shown once; a refusal throws its message and field messages. */
export const addEndpoint = async (form: { url: string; description: string; eventTypes: string[] }) =>
  (await sendJson<CreatedWebhookEndpoint>('post', 'admin/webhook-endpoints', form))!;

export const sendTestEvent = (id: string) => sendJson('post', `${endpointPath(id)}/test`);
export const switchEndpoint = (id: string, enabled: boolean) => sendJson('patch', endpointPath(id), { enabled });
export const deleteEndpoint = (id: string) => sendJson('delete', endpointPath(id));
export const resendDelivery = (id: string, deliveryId: string) =>
  sendJson('post', `${endpointPath(id)}/deliveries/${deliveryId}/resend`);
