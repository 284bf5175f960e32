import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import buttons from '../../../components/buttons/buttons.module.css';
import type { IssuedCode } from '../../../domain/issued-codes';
import { ShowMore, usePagedList } from '../../components/paged-list';
import styles from '../../console.module.css';
import { integrationSettingsQuery } from '../../settings';
import { atSite } from '../../site-clock';
import { issuedCodesQuery, ISSUED_CODES_KEY } from '../api';
import { CodeActions } from './code-actions';
import { codeReminderText, codeStageText } from '../code-stage-text';
import counter from './issued-codes.module.css';

const issuerText = (code: IssuedCode) =>
  code.issuedBy.kind === 'other' ? '' : ` by ${code.issuedBy.name || (code.issuedBy.kind === 'key' ? 'a key' : '')}`;

/**
 * The codes issued today (or on the day chosen) at the staff member's sites, newest first, with what became of each
 * and its actions: the answer to "did they get the text?" and "did they open it?" at the counter (decision 045).
 */
export function IssuedCodes({ manySites }: { manySites: boolean }) {
  const [params, setParams] = useSearchParams();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.get('day') ?? '') ? params.get('day')! : '';
  const list = usePagedList(issuedCodesQuery(day));
  const settings = useQuery(integrationSettingsQuery);
  const queryClient = useQueryClient();
  const now = new Date();
  const setDay = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('day', value);
        else next.delete('day');
        return next;
      },
      { replace: true },
    );

  return (
    <section aria-labelledby="issued-codes-heading" className={counter.section}>
      <h2 id="issued-codes-heading">{day ? `Codes issued on ${day}` : "Today's codes"}</h2>
      <div className={counter.dayFilter}>
        <label htmlFor="codes-day">Day</label>
        <input
          id="codes-day"
          type="date"
          value={day}
          onChange={(event) => setDay(event.target.value)}
          aria-describedby="codes-day-hint"
        />
        {day && (
          <button type="button" className={buttons.secondary} onClick={() => setDay('')}>
            Today
          </button>
        )}
        <p id="codes-day-hint" className={styles.muted}>
          Each site&apos;s own calendar day.
        </p>
      </div>
      {list.isError && !list.data ? (
        <p className={styles.alert}>The codes could not be loaded: reload the page to try again.</p>
      ) : !list.data ? (
        <p>Loading...</p>
      ) : list.items.length === 0 ? (
        <p className={styles.muted}>
          {day ? 'No codes were issued on this day.' : 'No codes yet today: the codes you issue appear here.'}
        </p>
      ) : (
        <ul className={counter.list} aria-label={day ? `Codes issued on ${day}` : "Today's codes"}>
          {list.items.map((code) => (
            <li key={code.id} className={counter.code} data-testid="issued-code">
              <p className={counter.number}>
                <span aria-hidden="true">•••• </span>
                <span className={styles.visuallyHidden}>Number ending </span>
                {code.lastFour} <span className={counter.plan}>{code.planName}</span>
              </p>
              <p className={counter.meta}>
                {atSite(code.issuedAt, code.siteTimeZone)}
                {issuerText(code)}
                {manySites && ` · ${code.siteName}`}
              </p>
              <p className={counter.stage} data-testid="code-stage">
                {codeStageText(code, now)}
              </p>
              {code.reminder && (
                <p className={counter.meta} data-testid="code-reminder">
                  {codeReminderText(code)}
                </p>
              )}
              <CodeActions
                code={code}
                now={now}
                canText={settings.data?.smsEnabled ?? false}
                onTexted={() => void queryClient.invalidateQueries({ queryKey: ISSUED_CODES_KEY })}
              />
            </li>
          ))}
        </ul>
      )}
      <ShowMore list={list} />
    </section>
  );
}
