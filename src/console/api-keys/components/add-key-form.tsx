import { useQueryClient } from '@tanstack/react-query';
import { API_KEY_SCOPE_TEXT, API_KEY_SCOPES, POINT_OF_SALE_SCOPES, type ApiKeyScope } from '../../../domain/api-keys';
import { TextField } from '../../../components/fields/text-field';
import { CheckboxGroup } from '../../components/checkbox-group';
import { ErrorSummary } from '../../components/server-form/error-summary';
import { SubmitRow } from '../../components/server-form/submit-row';
import { useServerForm } from '../../components/server-form/use-server-form';
import { ShownOnce } from '../../components/shown-once';
import styles from '../../console.module.css';
import { SiteCheckboxes } from '../../sites/components/site-checkboxes';
import { apiKeysKey, createApiKey } from '../api';

const SCOPE_LABELS = Object.fromEntries(
  API_KEY_SCOPES.map((scope) => [scope, `${API_KEY_SCOPE_TEXT[scope]} (${scope})`]),
) as Record<ApiKeyScope, string>;

/** Making a key: its name, what it may do (a till's scopes ticked at first) and its sites; the key is shown once. */
export function AddKeyForm() {
  const queryClient = useQueryClient();
  const form = useServerForm({
    fields: {
      name: { label: 'Name', input: 'keyName' },
      scopes: { label: 'What it may do', input: 'scope-0' },
      // A site's message comes back under its index (sites.0): the field is the list.
      sites: { label: 'Sites', input: 'keySite-0' },
    },
    initial: () => ({ name: '', scopes: [...POINT_OF_SALE_SCOPES] as string[], sites: [] as string[] }),
    submit: createApiKey,
    onSaved: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
  const created = form.saved;

  return (
    <section className={styles.card} aria-labelledby="add-key-heading">
      <h2 id="add-key-heading">Make a key</h2>
      {created && (
        <ShownOnce value={created.key} copyLabel="Copy key">
          Made {created.name}. The key, shown this once: enter it in the till now; it will not be shown again.
        </ShownOnce>
      )}
      <form noValidate onSubmit={form.onSubmit}>
        <ErrorSummary {...form.summary} />
        <TextField {...form.field('name')} autoComplete="off" placeholder="Till 2, Main Street" />
        <CheckboxGroup
          name="scope"
          legend={form.labels.scopes}
          options={API_KEY_SCOPES}
          labels={SCOPE_LABELS}
          checked={form.values.scopes}
          error={form.errors.scopes}
          onChange={form.set('scopes')}
        />
        <SiteCheckboxes
          name="keySite"
          legend="Sites (optional)"
          note="The sites it may issue codes for; none ticked: every site."
          checked={form.values.sites}
          error={form.errors.sites}
          onChange={form.set('sites')}
        />
        <SubmitRow label="Make key" busyLabel="Making…" busy={form.busy} refusal={form.refusal} />
      </form>
    </section>
  );
}
