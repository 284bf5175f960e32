import { useQueryClient } from '@tanstack/react-query';
import { WEBHOOK_EVENT_TYPES, type CreatedWebhookEndpoint } from '../../../domain/webhooks';
import { TextField } from '../../../components/fields/text-field';
import { CheckboxGroup } from '../../components/checkbox-group';
import { ErrorSummary } from '../../components/server-form/error-summary';
import { SubmitRow } from '../../components/server-form/submit-row';
import { useServerForm } from '../../components/server-form/use-server-form';
import { ShownOnce } from '../../components/shown-once';
import styles from '../../console.module.css';
import { addEndpoint, endpointsKey } from '../api';

const EVENT_LABELS: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  'registration.issued': 'A code is issued (registration.issued)',
  'registration.completed': 'A member completes their profile (registration.completed)',
  'survey.submitted': 'A member answers the survey (survey.submitted)',
  'follow_up.opened': "An unhappy member's answer opens a follow-up case (follow_up.opened)",
  'follow_up.resolved': 'A follow-up case is resolved (follow_up.resolved)',
  'visit.recorded': 'The point-of-sale reports a visit (visit.recorded)',
  'survey.invited': 'A member is texted an invitation to give feedback after a visit (survey.invited)',
};

/** Adding an endpoint: its URL, description and events. The new endpoint's signing secret is shown here, once. */
export function AddEndpointForm({
  allowPrivateNetworks,
  onAdded,
}: {
  allowPrivateNetworks: boolean | undefined;
  onAdded: (endpoint: CreatedWebhookEndpoint) => void;
}) {
  const queryClient = useQueryClient();
  const form = useServerForm({
    fields: {
      url: { label: 'Endpoint URL', input: 'endpointUrl' },
      description: { label: 'Description (optional)', input: 'endpointDescription' },
      eventTypes: { label: 'Events', input: 'event-0' },
    },
    initial: () => ({ url: '', description: '', eventTypes: [...WEBHOOK_EVENT_TYPES] as string[] }),
    submit: addEndpoint,
    onSaved: (endpoint) => {
      onAdded(endpoint);
      void queryClient.invalidateQueries({ queryKey: endpointsKey });
    },
  });
  const created = form.saved;

  return (
    <section className={styles.card} aria-labelledby="add-endpoint-heading">
      <h2 id="add-endpoint-heading">Add an endpoint</h2>
      {created && (
        <ShownOnce value={created.secret} copyLabel="Copy secret">
          Added {created.url}. Its signing secret, shown this once: copy it now into the receiver; it will not be shown
          again.
        </ShownOnce>
      )}
      <form noValidate onSubmit={form.onSubmit}>
        <ErrorSummary {...form.summary} />
        <TextField
          {...form.field('url')}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://pos.example.com/hooks/club"
        />
        <p className={styles.muted}>
          {allowPrivateNetworks
            ? 'This server allows receivers on your own network (http:// and private addresses).'
            : 'Use an https:// address on the internet; private-network addresses are refused.'}
        </p>
        <TextField {...form.field('description')} />
        <CheckboxGroup
          name="event"
          legend={form.labels.eventTypes}
          note="Whatever is ticked, every enabled endpoint also gets member.erased when a member's data is erased."
          options={WEBHOOK_EVENT_TYPES}
          labels={EVENT_LABELS}
          checked={form.values.eventTypes}
          error={form.errors.eventTypes}
          onChange={form.set('eventTypes')}
        />
        <SubmitRow label="Add endpoint" busyLabel="Adding…" busy={form.busy} refusal={form.refusal} />
      </form>
    </section>
  );
}
