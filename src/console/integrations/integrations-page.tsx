import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import buttons from '../../components/buttons/buttons.module.css';
import type { WebhookEndpoint } from '../../domain/webhooks';
import { ADMIN_KEY } from '../client';
import { RecordList, type Column } from '../components/record-list/record-list';
import styles from '../console.module.css';
import { integrationSettingsQuery } from '../settings';
import { deleteEndpoint, endpointsQuery, resendDelivery, sendTestEvent, switchEndpoint } from './api';
import { AddEndpointForm } from './components/add-endpoint-form';
import { Deliveries } from './components/deliveries';

/** `/admin/integrations` (owners): the webhook endpoints the operator's other systems listen on. */
export function IntegrationsPage() {
  const queryClient = useQueryClient();
  const settings = useQuery(integrationSettingsQuery);
  const endpoints = useQuery(endpointsQuery);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  // A test, a switch, a deletion or a resend changes what the endpoint's deliveries show: all is asked again.
  const act = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: () => {
      setProblem(null);
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    },
    onError: (error) => setProblem(error.message),
  });

  const columns: Column<WebhookEndpoint>[] = [
    {
      label: 'Endpoint',
      card: 'title',
      cell: (endpoint) => (
        <>
          {endpoint.url}
          {endpoint.description && <span className={styles.muted}> · {endpoint.description}</span>}
        </>
      ),
    },
    {
      label: 'Actions',
      card: 'actions',
      hideLabel: true,
      cell: (endpoint) => (
        <>
          <button
            type="button"
            className={buttons.secondary}
            aria-expanded={open === endpoint.id}
            aria-controls={`deliveries-${endpoint.id}`}
            onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
          >
            {open === endpoint.id ? 'Hide deliveries' : 'Last deliveries'}
          </button>
          <button
            type="button"
            className={buttons.secondary}
            disabled={!endpoint.enabled}
            onClick={() => {
              setOpen(endpoint.id);
              act.mutate(() => sendTestEvent(endpoint.id));
            }}
          >
            Send test event
          </button>
          {endpoint.source === 'console' && (
            <>
              <button
                type="button"
                className={buttons.secondary}
                onClick={() => act.mutate(() => switchEndpoint(endpoint.id, !endpoint.enabled))}
              >
                {endpoint.enabled ? 'Disable' : 'Enable'}
              </button>
              <button
                type="button"
                className={buttons.secondary}
                onClick={() => {
                  if (window.confirm(`Delete ${endpoint.url} and its delivery history?`)) {
                    act.mutate(() => deleteEndpoint(endpoint.id));
                  }
                }}
              >
                Delete
              </button>
            </>
          )}
        </>
      ),
    },
    {
      label: 'State',
      cell: (endpoint) =>
        `${endpoint.enabled ? 'On' : 'Off'}${endpoint.source === 'environment' ? ': set by WEBHOOK_URL (change it in the environment)' : ''}`,
    },
    { label: 'Events', cell: (endpoint) => endpoint.eventTypes.join(', ') },
  ];

  return (
    <>
      <h1>Integrations</h1>
      <div role="alert">{problem && <p className={styles.alert}>{problem}</p>}</div>
      <section className={styles.card} aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading">Webhook endpoints</h2>
        <p className={styles.muted}>
          Your point-of-sale or CRM gets a signed POST (Standard Webhooks: webhook-id, webhook-timestamp,
          webhook-signature) when these things happen. Failed deliveries are retried for 24 hours.
        </p>
        <RecordList
          label="Webhook endpoints"
          columns={columns}
          rows={endpoints.data?.results ?? []}
          rowKey={(endpoint) => endpoint.id}
          pending={endpoints.isPending}
          detail={(endpoint) =>
            open === endpoint.id && (
              <Deliveries
                endpointId={endpoint.id}
                onResend={(deliveryId) => act.mutate(() => resendDelivery(endpoint.id, deliveryId))}
              />
            )
          }
          empty={
            <p>
              No endpoint yet. Each address your point-of-sale or CRM listens on shows here, with its last deliveries:
              add one with the form below, then send it a test event.
            </p>
          }
        />
      </section>

      <AddEndpointForm
        allowPrivateNetworks={settings.data?.allowPrivateNetworks}
        onAdded={(endpoint) => {
          setProblem(null);
          setOpen(endpoint.id);
        }}
      />
    </>
  );
}
