import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useOutletContext } from 'react-router-dom';
import type { StaffMember } from '../../domain/staff';
import {
  WEBHOOK_EVENT_TYPES,
  type CreatedWebhookEndpoint,
  type IntegrationSettings,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../domain/webhooks';
import buttons from '../../components/buttons/buttons.module.css';
import { fieldId } from '../../components/fields/field-ids';
import { TextField } from '../../components/fields/text-field';
import { getJson, sendJson, type Refusal } from '../api';
import { CheckboxGroup } from '../components/checkbox-group';
import { ShownOnce } from '../components/shown-once';
import styles from '../console.module.css';
import { when } from '../format';

const EVENT_LABELS: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  'registration.issued': 'A code is issued (registration.issued)',
  'registration.completed': 'A member completes their profile (registration.completed)',
  'survey.submitted': 'A member answers the survey (survey.submitted)',
};

type FieldErrors = Partial<Record<'url' | 'eventTypes', string>>;

/** `/admin/integrations` (owners): the webhook endpoints the operator's other systems listen on. */
export function IntegrationsPage() {
  const me = useOutletContext<StaffMember>();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['admin', 'integrations'],
    queryFn: () => getJson<IntegrationSettings>('admin/integrations'),
  });
  const endpoints = useQuery({
    queryKey: ['admin', 'webhook-endpoints'],
    queryFn: () => getJson<{ results: WebhookEndpoint[] }>('admin/webhook-endpoints'),
  });
  const [form, setForm] = useState({ url: '', description: '', eventTypes: [...WEBHOOK_EVENT_TYPES] as string[] });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Integrations · Club Profile console';
  }, []);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'webhook-endpoints'] });
  const add = useMutation({
    mutationFn: async () => (await sendJson<CreatedWebhookEndpoint>('post', 'admin/webhook-endpoints', form))!,
    onSuccess: (endpoint) => {
      setCreated(endpoint);
      setErrors({});
      setProblem(null);
      setForm({ url: '', description: '', eventTypes: [...WEBHOOK_EVENT_TYPES] });
      setOpen(endpoint.id);
      void refresh();
    },
    onError: (error: Refusal) => {
      const issues: FieldErrors = error.issues;
      setErrors(issues);
      setProblem(Object.keys(issues).length ? null : error.message);
      const first = (['url', 'eventTypes'] as const).find((name) => issues[name]);
      if (first) document.getElementById(fieldId(first === 'url' ? 'endpointUrl' : 'event-0'))?.focus();
    },
  });
  const act = useMutation({
    mutationFn: ({ method, path, json }: { method: 'post' | 'patch' | 'delete'; path: string; json?: unknown }) =>
      sendJson(method, path, json),
    onSuccess: () => {
      setProblem(null);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => setProblem(error.message),
  });

  if (me.role !== 'owner') return <Navigate to="/" replace />;

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
                    act.mutate({ method: 'post', path: `admin/webhook-endpoints/${endpoint.id}/test` });
                  }}
                >
                  Send test event
                </button>
                {endpoint.source === 'console' && (
                  <>
                    <button
                      type="button"
                      className={buttons.secondary}
                      onClick={() =>
                        act.mutate({
                          method: 'patch',
                          path: `admin/webhook-endpoints/${endpoint.id}`,
                          json: { enabled: !endpoint.enabled },
                        })
                      }
                    >
                      {endpoint.enabled ? 'Disable' : 'Enable'}
                    </button>
                    <button
                      type="button"
                      className={buttons.secondary}
                      onClick={() => {
                        if (window.confirm(`Delete ${endpoint.url} and its delivery history?`)) {
                          act.mutate({ method: 'delete', path: `admin/webhook-endpoints/${endpoint.id}` });
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
                  onResend={(deliveryId) =>
                    act.mutate({
                      method: 'post',
                      path: `admin/webhook-endpoints/${endpoint.id}/deliveries/${deliveryId}/resend`,
                    })
                  }
                />
              )}
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.card} aria-labelledby="add-endpoint-heading">
        <h2 id="add-endpoint-heading">Add an endpoint</h2>
        {created && (
          <ShownOnce value={created.secret} copyLabel="Copy secret">
            Added {created.url}. Its signing secret, shown this once: copy it now into the receiver; it will not be
            shown again.
          </ShownOnce>
        )}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate();
          }}
        >
          <TextField
            name="endpointUrl"
            label="Endpoint URL"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://pos.example.com/hooks/club"
            value={form.url}
            error={errors.url}
            onValueChange={(url) => setForm({ ...form, url })}
          />
          <p className={styles.muted}>
            {settings.data?.allowPrivateNetworks
              ? 'This server allows receivers on your own network (http:// and private addresses).'
              : 'Use an https:// address on the internet; private-network addresses are refused.'}
          </p>
          <TextField
            name="endpointDescription"
            label="Description (optional)"
            value={form.description}
            onValueChange={(description) => setForm({ ...form, description })}
          />
          <CheckboxGroup
            name="event"
            legend="Events"
            note="Whatever is ticked, every enabled endpoint also gets member.erased when a member's data is erased."
            options={WEBHOOK_EVENT_TYPES}
            labels={EVENT_LABELS}
            checked={form.eventTypes}
            error={errors.eventTypes}
            onChange={(eventTypes) => setForm({ ...form, eventTypes })}
          />
          <button type="submit" className={buttons.primary} disabled={add.isPending}>
            Add endpoint
          </button>
        </form>
      </section>
    </>
  );
}

/** An endpoint's last deliveries, refreshed while open, so a test event is seen arriving. */
function Deliveries({ endpointId, onResend }: { endpointId: string; onResend: (deliveryId: string) => void }) {
  const deliveries = useQuery({
    queryKey: ['admin', 'webhook-endpoints', endpointId, 'deliveries'],
    queryFn: () => getJson<{ results: WebhookDelivery[] }>(`admin/webhook-endpoints/${endpointId}/deliveries`),
    refetchInterval: 3000,
  });
  const rows = deliveries.data?.results ?? [];
  return (
    <div id={`deliveries-${endpointId}`}>
      <h3 className={styles.caption}>Last deliveries</h3>
      {rows.length === 0 ? (
        <p className={styles.muted}>Nothing sent yet.</p>
      ) : (
        <ul className={styles.deliveryList} aria-live="polite">
          {rows.map((delivery) => (
            <li key={delivery.id} className={delivery.status === 'failed' ? styles.detractor : undefined}>
              <span>{delivery.eventType}</span> · <strong>{delivery.status}</strong> · {delivery.attempts}{' '}
              {delivery.attempts === 1 ? 'try' : 'tries'}
              {delivery.lastStatusCode !== null && <> · HTTP {delivery.lastStatusCode}</>}
              {delivery.lastError && delivery.lastStatusCode === null && <> · {delivery.lastError}</>} ·{' '}
              {when(delivery.lastAttemptAt ?? delivery.createdAt)}
              {delivery.status === 'failed' && (
                <button type="button" className={buttons.secondary} onClick={() => onResend(delivery.id)}>
                  Resend
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
