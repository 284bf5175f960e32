import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useOutletContext } from 'react-router-dom';
import {
  API_KEY_SCOPE_TEXT,
  API_KEY_SCOPES,
  POINT_OF_SALE_SCOPES,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '../../domain/api-keys';
import type { StaffMember } from '../../domain/staff';
import buttons from '../../components/buttons/buttons.module.css';
import { fieldId } from '../../components/fields/field-ids';
import { TextField } from '../../components/fields/text-field';
import { getJson, sendJson, type Refusal } from '../api';
import { CheckboxGroup } from '../components/checkbox-group';
import { ShownOnce } from '../components/shown-once';
import styles from '../console.module.css';
import { when } from '../format';

type FieldErrors = Partial<Record<'name' | 'scopes' | 'sites', string>>;
const KEYS_QUERY = ['admin', 'api-keys'];
const SCOPE_LABELS = Object.fromEntries(
  API_KEY_SCOPES.map((scope) => [scope, `${API_KEY_SCOPE_TEXT[scope]} (${scope})`]),
) as Record<ApiKeyScope, string>;

/** "7, 12" → ["7", "12"]; the server checks each id. */
const siteList = (text: string) =>
  text
    .split(',')
    .map((site) => site.trim())
    .filter(Boolean);

/**
 * `/admin/api-keys` (owners): one key per till or integration, each allowed only what it needs. A new key is
 * shown once; the list says when each was last used, so a till that is gone can be told apart and revoked.
 */
export function ApiKeysPage() {
  const me = useOutletContext<StaffMember>();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: KEYS_QUERY, queryFn: () => getJson<{ results: ApiKey[] }>('admin/api-keys') });
  const [form, setForm] = useState({ name: '', scopes: [...POINT_OF_SALE_SCOPES] as string[], sites: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'API keys · Club Profile console';
  }, []);

  const add = useMutation({
    mutationFn: async () =>
      (await sendJson<CreatedApiKey>('post', 'admin/api-keys', {
        name: form.name,
        scopes: form.scopes,
        sites: siteList(form.sites),
      }))!,
    onSuccess: (key) => {
      setCreated(key);
      setErrors({});
      setProblem(null);
      setForm({ name: '', scopes: [...POINT_OF_SALE_SCOPES], sites: '' });
      void queryClient.invalidateQueries({ queryKey: KEYS_QUERY });
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
      setProblem(Object.keys(issues).length ? null : error.message);
      const first = (['name', 'scopes', 'sites'] as const).find((name) => fieldErrors[name]);
      if (first)
        document
          .getElementById(fieldId(first === 'name' ? 'keyName' : first === 'sites' ? 'keySites' : 'scope-0'))
          ?.focus();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => sendJson('post', `admin/api-keys/${id}/revoke`),
    onSuccess: () => {
      setProblem(null);
      void queryClient.invalidateQueries({ queryKey: KEYS_QUERY });
    },
    onError: (error) => setProblem(error.message),
  });

  if (me.role !== 'owner') return <Navigate to="/" replace />;

  return (
    <>
      <h1>API keys</h1>
      <div role="alert">{problem && <p className={styles.alert}>{problem}</p>}</div>
      <section className={styles.card} aria-labelledby="keys-heading">
        <h2 id="keys-heading">Keys in use</h2>
        <p className={styles.muted}>
          Each till or system calls the API with its own key (Authorization: Bearer …), allowed only what it needs.
          Revoke a key when its till is replaced or lost. ADMIN_API_KEY, when set on the server, is a point-of-sale key
          too.
        </p>
        {keys.data?.results.length === 0 && <p>No key yet: make one below.</p>}
        <ul className={styles.endpointList}>
          {keys.data?.results.map((key) => (
            <li key={key.id} className={styles.endpoint}>
              <p className={styles.endpointUrl}>
                <strong>{key.name}</strong> · <code>{key.prefix}…</code>
                {key.revokedAt && <> · revoked {when(key.revokedAt)}</>}
              </p>
              <p className={styles.muted}>
                {key.scopes.join(', ')} · {key.sites.length ? `sites ${key.sites.join(', ')}` : 'every site'} · made{' '}
                {when(key.createdAt)} · {key.lastUsedAt ? `last used ${when(key.lastUsedAt)}` : 'never used'}
              </p>
              {!key.revokedAt && (
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={buttons.secondary}
                    disabled={revoke.isPending}
                    onClick={() => {
                      if (window.confirm(`Revoke ${key.name}? Whatever uses it stops working at once.`)) {
                        revoke.mutate(key.id);
                      }
                    }}
                  >
                    Revoke <span className={styles.visuallyHidden}>{key.name}</span>
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>

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
          <TextField
            name="keySites"
            label="Sites (optional)"
            autoComplete="off"
            inputMode="text"
            placeholder="7, 12"
            value={form.sites}
            error={errors.sites}
            onValueChange={(sites) => setForm({ ...form, sites })}
          />
          <p className={styles.muted}>
            The site ids it may issue codes for, separated by commas; leave it empty for every site.
          </p>
          <button type="submit" className={buttons.primary} disabled={add.isPending}>
            Make key
          </button>
        </form>
      </section>
    </>
  );
}
