import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiKey } from '../../domain/api-keys';
import { siteName } from '../../domain/sites';
import buttons from '../../components/buttons/buttons.module.css';
import { RecordList, type Column } from '../components/record-list/record-list';
import styles from '../console.module.css';
import { sitesQuery } from '../sites/api';
import { useReaderClock } from '../sites/use-site-clock';
import { apiKeysKey, apiKeysQuery, revokeApiKey } from './api';
import { AddKeyForm } from './components/add-key-form';

/**
 * `/admin/api-keys` (owners): one key per till or integration, each allowed only what it needs. A new key is
 * shown once; the list says when each was last used, so a till that is gone can be told apart and revoked.
 */
export function ApiKeysPage() {
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery);
  const sites = useQuery(sitesQuery).data?.results;
  const clock = useReaderClock();
  // A key of one site is that site's record, on its clock; a key of several or every site, on the reader's zone.
  const keyTime = (iso: string, keySites: readonly string[]) =>
    clock.at(iso, keySites.length === 1 ? keySites[0] : null);
  const [problem, setProblem] = useState<string | null>(null);

  const revoke = useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => {
      setProblem(null);
      void queryClient.invalidateQueries({ queryKey: apiKeysKey });
    },
    onError: (error) => setProblem(error.message),
  });

  const columns: Column<ApiKey>[] = [
    {
      label: 'Key',
      card: 'title',
      cell: (key) => (
        <>
          {key.name} · <code>{key.prefix}…</code>
        </>
      ),
    },
    {
      label: 'Actions',
      card: 'actions',
      hideLabel: true,
      cell: (key) =>
        key.revokedAt ? (
          `Revoked ${keyTime(key.revokedAt, key.sites)}`
        ) : (
          <button
            type="button"
            className={buttons.secondary}
            disabled={revoke.isPending}
            onClick={() => {
              if (window.confirm(`Revoke ${key.name}? Whatever uses it stops working at once.`)) revoke.mutate(key.id);
            }}
          >
            Revoke <span className={styles.visuallyHidden}>{key.name}</span>
          </button>
        ),
    },
    { label: 'Allowed', cell: (key) => key.scopes.join(', ') },
    {
      label: 'Sites',
      cell: (key) => (key.sites.length ? key.sites.map((id) => siteName(sites, id)).join(', ') : 'Every site'),
    },
    { label: 'Made', cell: (key) => keyTime(key.createdAt, key.sites) },
    { label: 'Last used', cell: (key) => (key.lastUsedAt ? keyTime(key.lastUsedAt, key.sites) : 'Never used') },
  ];

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
        <RecordList
          label="API keys"
          columns={columns}
          rows={keys.data?.results ?? []}
          rowKey={(key) => key.id}
          pending={keys.isPending}
          empty={
            <p>
              No key yet. Each till&apos;s or system&apos;s key shows here, with when it was last used: make one with
              the form below, and give it to the till.
            </p>
          }
        />
      </section>

      <AddKeyForm />
    </>
  );
}
