import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import buttons from '../../components/buttons/buttons.module.css';
import { ADMIN_KEY } from '../client';
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
        {endpoints.data?.results.length === 0 && <p>No endpoint yet: add one below.</p>}
        <ul className={styles.endpointList}>
          {endpoints.data?.results.map((endpoint) => (
            <li key={endpoint.id} className={styles.endpoint}>
              <p className={styles.endpointUrl}>
                <strong>{endpoint.url}</strong>
                {endpoint.description && <> · {endpoint.description}</>}
              </p>
              <p className={styles.muted}>
                {endpoint.enabled ? 'On' : 'Off'} · {endpoint.eventTypes.join(', ')}
                {endpoint.source === 'environment' && ' · set by WEBHOOK_URL (change it in the environment)'}
              </p>
              <div className={styles.actions}>
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
              </div>
              {open === endpoint.id && (
                <Deliveries
                  endpointId={endpoint.id}
                  onResend={(deliveryId) => act.mutate(() => resendDelivery(endpoint.id, deliveryId))}
                />
              )}
            </li>
          ))}
        </ul>
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
