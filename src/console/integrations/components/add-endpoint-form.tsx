import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { WEBHOOK_EVENT_TYPES, type CreatedWebhookEndpoint } from '../../../domain/webhooks';
import buttons from '../../../components/buttons/buttons.module.css';
import { fieldId } from '../../../components/fields/field-ids';
import { TextField } from '../../../components/fields/text-field';
import type { Refusal } from '../../client';
import { CheckboxGroup } from '../../components/checkbox-group';
import { ShownOnce } from '../../components/shown-once';
import styles from '../../console.module.css';
import { addEndpoint, endpointsKey } from '../api';

const EVENT_LABELS: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  'registration.issued': 'A code is issued (registration.issued)',
  'registration.completed': 'A member completes their profile (registration.completed)',
  'survey.submitted': 'A member answers the survey (survey.submitted)',
  'follow_up.opened': "An unhappy member's answer opens a follow-up case (follow_up.opened)",
  'follow_up.resolved': 'A follow-up case is resolved (follow_up.resolved)',
};

type FieldErrors = Partial<Record<'url' | 'eventTypes', string>>;

/**
 * Adding an endpoint: its URL, description and events. The new endpoint's signing secret is shown here, once; a
 * refusal with field messages marks the fields (the first takes the focus), any other is the page's `onProblem`.
 */
export function AddEndpointForm({
  allowPrivateNetworks,
  onAdded,
  onProblem,
}: {
  allowPrivateNetworks: boolean | undefined;
  onAdded: (endpoint: CreatedWebhookEndpoint) => void;
  onProblem: (message: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ url: '', description: '', eventTypes: [...WEBHOOK_EVENT_TYPES] as string[] });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const add = useMutation({
    mutationFn: () => addEndpoint(form),
    onSuccess: (endpoint) => {
      setCreated(endpoint);
      setErrors({});
      setForm({ url: '', description: '', eventTypes: [...WEBHOOK_EVENT_TYPES] });
      onAdded(endpoint);
      void queryClient.invalidateQueries({ queryKey: endpointsKey });
    },
    onError: (error: Refusal) => {
      const issues: FieldErrors = error.issues;
      setErrors(issues);
      onProblem(Object.keys(issues).length ? null : error.message);
      const first = (['url', 'eventTypes'] as const).find((name) => issues[name]);
      if (first) document.getElementById(fieldId(first === 'url' ? 'endpointUrl' : 'event-0'))?.focus();
    },
  });

  return (
    <section className={styles.card} aria-labelledby="add-endpoint-heading">
      <h2 id="add-endpoint-heading">Add an endpoint</h2>
      {created && (
        <ShownOnce value={created.secret} copyLabel="Copy secret">
          Added {created.url}. Its signing secret, shown this once: copy it now into the receiver; it will not be shown
          again.
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
          {allowPrivateNetworks
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
  );
}
