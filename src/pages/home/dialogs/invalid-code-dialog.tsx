import { t } from '@lingui/core/macro';
import { BlockingDialog } from '../../../components/dialogs/lazy-blocking-dialog';
import { LanguageSwitch } from '../../../components/language-switch/language-switch';
import { runtimeConfig } from '../../../lib/read-runtime-config';
import styles from '../home-page.module.css';

export { dialogTexts } from './dialog-texts';

/**
 * docs/spec.md §8: no footer, not dismissible. It is the end of this link, so it says where to go instead: the wash,
 * or the operator's support page.
 */
export function InvalidCodeDialog() {
  const { links } = runtimeConfig;
  return (
    <BlockingDialog
      title={t`Invalid registration code`}
      description={t`Your registration code is invalid or may have already been used.`}
      aside={<LanguageSwitch />}
    >
      <p className={styles.nextStep}>
        {t`Ask at the wash for a new link, or contact us and we will help you finish your membership profile.`}
      </p>
      <a className={styles.dialogLink} href={links.support} target="_blank" rel="noopener noreferrer">
        {t`Contact support`}
      </a>
    </BlockingDialog>
  );
}
