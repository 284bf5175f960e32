import { t } from '@lingui/core/macro';
import { BlockingDialog } from '../../components/dialogs/lazy-blocking-dialog';
import { runtimeConfig } from '../../lib/runtime-config';
import styles from './survey-page.module.css';

/** docs/spec.md §2: "Thank you!", no footer, not dismissible; the logo links to the operator's site. */
export function SurveyThankYouDialog() {
  const { logoUrl, operatorName, links } = runtimeConfig;
  return (
    <BlockingDialog
      title={t`Thank you!`}
      description={t`We appreciate your feedback and look forward to seeing you soon.`}
    >
      <a href={links.operatorHome} target="_blank" rel="noopener noreferrer">
        <img className={styles.logo} src={logoUrl} alt={t`${operatorName} home page`} width={175} height={175} />
      </a>
    </BlockingDialog>
  );
}
