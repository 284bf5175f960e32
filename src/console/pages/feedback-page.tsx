import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useOutletContext, useSearchParams } from 'react-router-dom';
import type { FeedbackEntry } from '../../domain/members';
import type { Page } from '../../domain/paging';
import type { StaffMember } from '../../domain/staff';
import buttons from '../../components/buttons/buttons.module.css';
import { SelectField } from '../../components/fields/select-field';
import { TextField } from '../../components/fields/text-field';
import { getJson } from '../api';
import styles from '../console.module.css';
import { when } from '../format';

const FILTERS = ['band', 'site', 'from', 'to'] as const;

/** `/admin/feedback`: survey answers with comments, newest first; detractors stand out. */
export function FeedbackPage() {
  const staff = useOutletContext<StaffMember>();
  const [params, setParams] = useSearchParams();
  const filters = new URLSearchParams(FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
  const query = useInfiniteQuery({
    queryKey: ['admin', 'feedback', filters.toString()],
    initialPageParam: '',
    queryFn: ({ pageParam }) => {
      const page = new URLSearchParams(filters);
      if (pageParam) page.set('after', pageParam);
      return getJson<Page<FeedbackEntry>>(`admin/feedback?${page.toString()}`);
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  useEffect(() => {
    document.title = 'Feedback · Club Profile console';
  }, []);
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const entries = query.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <>
      <h1>Feedback</h1>
      <form className={`${styles.card} ${styles.filters}`} onSubmit={(event) => event.preventDefault()}>
        <SelectField
          name="band"
          label="Score"
          value={params.get('band') ?? ''}
          options={[
            { value: 'detractor', label: 'Detractors (1–6)' },
            { value: 'passive', label: 'Passives (7–8)' },
            { value: 'promoter', label: 'Promoters (9–10)' },
          ]}
          onValueChange={(v) => set('band', v)}
        />
        <TextField
          name="site"
          label="Site"
          placeholder="All sites"
          value={params.get('site') ?? ''}
          onValueChange={(v) => set('site', v)}
        />
        <TextField
          name="from"
          label="From"
          type="date"
          value={params.get('from') ?? ''}
          onValueChange={(v) => set('from', v)}
        />
        <TextField
          name="to"
          label="To"
          type="date"
          value={params.get('to') ?? ''}
          onValueChange={(v) => set('to', v)}
        />
      </form>
      {staff.role === 'owner' && (
        <p>
          <a
            className={`${buttons.secondary} ${styles.buttonLink}`}
            href={`/api/admin/feedback.csv?${filters.toString()}`}
            download
          >
            Download CSV
          </a>
        </p>
      )}
      {query.error && <p className={styles.alert}>The feedback could not be loaded.</p>}
      {query.isPending && <p>Loading...</p>}
      {!query.isPending && entries.length === 0 && <p className={styles.muted}>No survey matches.</p>}
      {entries.map((entry) => (
        <article key={entry.id} className={`${styles.card} ${entry.band === 'detractor' ? styles.detractor : ''}`}>
          <h2 style={{ fontSize: '1.0625rem', margin: 0 }}>
            <Link to={`/members/${entry.memberId}`}>{entry.memberName}</Link> · site {entry.siteId} ·{' '}
            {entry.band
              ? `${entry.band}, recommends ${entry.scores.recommendToOthersScore}/10`
              : 'recommend not answered'}
          </h2>
          <p className={styles.muted}>{when(entry.createdAt)}</p>
          {entry.comments ? <blockquote>{entry.comments}</blockquote> : <p className={styles.muted}>No comment.</p>}
        </article>
      ))}
      {query.hasNextPage && (
        <div className={styles.actions}>
          <button
            type="button"
            className={buttons.secondary}
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? 'Loading...' : 'Show more'}
          </button>
        </div>
      )}
    </>
  );
}
