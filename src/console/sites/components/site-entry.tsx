import type { Site } from '../../../domain/sites';
import { windowText, zoneName } from '../../site-clock';
import buttons from '../../../components/buttons/buttons.module.css';
import styles from '../../console.module.css';
import { feedbackLines } from '../feedback-settings';
import local from '../sites.module.css';

/**
 * One site as listed: its name (marked, for an owner, when it waits for one), id, zone, whether it is active, its
 * address, the hours its texts go out, its feedback after visits and reminders (decision 053) and its review page; for an owner, the button that opens its form.
 */
export function SiteEntry({ site, onChange }: { site: Site; onChange: (() => void) | null }) {
  return (
    <>
      <p className={styles.endpointUrl}>
        <strong>{site.name}</strong>
        {onChange && !site.named && <span className={local.needsName}>Needs a name</span>}
      </p>
      <p className={styles.muted}>
        Point-of-sale id <code>{site.id}</code> · {zoneName(site.timeZone)} ({site.timeZone}) ·{' '}
        {site.active ? 'Active' : 'Inactive: kept for its history, offered for nothing new'}
      </p>
      <p className={site.address ? undefined : styles.muted}>{site.address || 'No address'}</p>
      <p className={styles.muted}>Texts go out {windowText(site.smsWindow)}, site time</p>
      {feedbackLines(site).map((line) => (
        <p key={line} className={styles.muted} data-testid="site-feedback">
          {line}
        </p>
      ))}
      {site.reviewUrl ? (
        <p className={local.review}>
          Review page:{' '}
          <a href={site.reviewUrl} target="_blank" rel="noreferrer">
            {site.reviewUrl}
          </a>
        </p>
      ) : (
        <p className={styles.muted}>No review page</p>
      )}
      {onChange && (
        <div className={styles.actions}>
          <button id={`change-site-${site.id}`} type="button" className={buttons.secondary} onClick={onChange}>
            Change <span className={styles.visuallyHidden}>{site.name}</span>
          </button>
        </div>
      )}
    </>
  );
}
