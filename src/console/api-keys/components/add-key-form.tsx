import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  API_KEY_SCOPE_TEXT,
  API_KEY_SCOPES,
  POINT_OF_SALE_SCOPES,
  type ApiKeyScope,
  type CreatedApiKey,
} from '../../../domain/api-keys';
import buttons from '../../../components/buttons/buttons.module.css';
import { fieldId } from '../../../components/fields/field-ids';
import { TextField } from '../../../components/fields/text-field';
import type { Refusal } from '../../client';
import { CheckboxGroup } from '../../components/checkbox-group';
import { ShownOnce } from '../../components/shown-once';
import styles from '../../console.module.css';
import { SiteCheckboxes } from '../../sites/components/site-checkboxes';
import { apiKeysKey, createApiKey } from '../api';

type FieldErrors = Partial<Record<'name' | 'scopes' | 'sites', string>>;
const SCOPE_LABELS = Object.fromEntries(
  API_KEY_SCOPES.map((scope) => [scope, `${API_KEY_SCOPE_TEXT[scope]} (${scope})`]),
) as Record<ApiKeyScope, string>;

/**
 * Making a key: its name, what it may do (a till's scopes ticked at first) and its sites. The new key is shown here,
 * once; a refusal with field messages marks the fields (the first takes the focus), any other is the page's.
 */
export function AddKeyForm({ onProblem }: { onProblem: (message: string | null) => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ name: '', scopes: [...POINT_OF_SALE_SCOPES] as string[], sites: [] as string[] });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const add = useMutation({
    mutationFn: () => createApiKey(form),
    onSuccess: (key) => {
      setCreated(key);
      setErrors({});
      onProblem(null);
      setForm({ name: '', scopes: [...POINT_OF_SALE_SCOPES], sites: [] });
      void queryClient.invalidateQueries({ queryKey: apiKeysKey });
    },
    onError: (error: Refusal) => {
      const issues = error.issues;
      // A site's message comes back under its index (sites.0): the field is the list.
      const fieldErrors: FieldErrors = {
        name: issues.name,
        scopes: issues.scopes,
        sites: Object.entries(issues).find(([path]) => path.startsWith('sites'))?.[1],
      };
      setErrors(fieldErrors);
      onProblem(Object.keys(issues).length ? null : error.message);
      const first = (['name', 'scopes', 'sites'] as const).find((name) => fieldErrors[name]);
      if (first)
        document
          .getElementById(fieldId(first === 'name' ? 'keyName' : first === 'sites' ? 'keySite-0' : 'scope-0'))
          ?.focus();
    },
  });

  return (
    <section className={styles.card} aria-labelledby="add-key-heading">
      <h2 id="add-key-heading">Make a key</h2>
      {created && (
        <ShownOnce value={created.key} copyLabel="Copy key">
          Made {created.name}. The key, shown this once: enter it in the till now; it will not be shown again.
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
          name="keyName"
          label="Name"
          autoComplete="off"
          placeholder="Till 2, Main Street"
          value={form.name}
          error={errors.name}
          onValueChange={(name) => setForm({ ...form, name })}
        />
        <CheckboxGroup
          name="scope"
          legend="What it may do"
          options={API_KEY_SCOPES}
          labels={SCOPE_LABELS}
          checked={form.scopes}
          error={errors.scopes}
          onChange={(scopes) => setForm({ ...form, scopes })}
        />
        <SiteCheckboxes
          name="keySite"
          legend="Sites (optional)"
          note="The sites it may issue codes for; none ticked: every site."
          checked={form.sites}
          error={errors.sites}
          onChange={(sites) => setForm({ ...form, sites })}
        />
        <button type="submit" className={buttons.primary} disabled={add.isPending}>
          Make key
        </button>
      </form>
    </section>
  );
}
