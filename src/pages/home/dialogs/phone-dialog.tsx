import { t } from '@lingui/core/macro';
import { Suspense } from 'react';
import { BlockingDialog } from '../../../components/dialogs/lazy-blocking-dialog';
import { LanguageSwitch } from '../../../components/language-switch/language-switch';
import { lazyWithTexts } from '../../../i18n/lazy-with-texts';
import { runtimeConfig } from '../../../lib/read-runtime-config';
import buttons from '../../../components/buttons/buttons.module.css';
import styles from '../home-page.module.css';

export { dialogTexts } from './dialog-texts';

// The phone input carries libphonenumber's full metadata: only customers without a code download it.
const PhoneInput = lazyWithTexts(
  () => import('../../../components/phone-input/phone-input'),
  (m) => ({ component: m.PhoneInput, texts: m.phoneInputTexts }),
);

interface PhoneDialogProps {
  canConfirm: boolean;
  onPhoneChange: (phone: { isValid: boolean; e164: string }) => void;
  onConfirm: () => void;
}

export function PhoneDialog({ canConfirm, onPhoneChange, onConfirm }: PhoneDialogProps) {
  return (
    <BlockingDialog
      title={t`Please enter your phone number`}
      description={t`Enter the mobile number you gave at the wash, so we can set up your membership.`}
      aside={<LanguageSwitch />}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (canConfirm) onConfirm();
        }}
      >
        <Suspense fallback={<p>{t`Loading...`}</p>}>
          <PhoneInput
            id="phone-number"
            label={t`Mobile number`}
            defaultCountry={runtimeConfig.defaultPhoneCountry}
            autoFocus
            onResult={(result) => onPhoneChange({ isValid: result.isValid, e164: result.e164 ?? '' })}
          />
        </Suspense>
        <button className={`${buttons.primary} ${styles.dialogAction}`} type="submit" disabled={!canConfirm}>
          {t`OK`}
        </button>
      </form>
    </BlockingDialog>
  );
}
