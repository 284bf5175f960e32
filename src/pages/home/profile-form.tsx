import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import type { EditableField } from '../../../machines/profile/profile.types';
import type { ProfileView } from '../../../machines/profile/profile.view';
import { CheckboxField } from '../../components/fields/checkbox-field';
import { SelectField } from '../../components/fields/select-field';
import { TextField } from '../../components/fields/text-field';
import { fieldErrorText, FIELD_LABELS } from '../../i18n/field-texts';
import { smsConsentText } from '../../i18n/consent-text';
import { usStateOptions } from '../../i18n/us-state-names';
import { runtimeConfig } from '../../lib/read-runtime-config';
import styles from './profile-form.module.css';
import type { ProfileFieldChange } from './field-change';
import { SubmitButton } from './submit-button';
import { VehicleFields } from './vehicle-fields';

interface ProfileFormProps {
  view: ProfileView;
  onFieldChange: ProfileFieldChange;
  onAllConsentChange: (checked: boolean) => void;
  onSubmit: () => void;
}

const ExternalLink = ({ href, children }: { href: string; children: ReactNode }) => (
  <a href={href} target="_blank" rel="noopener noreferrer">
    {children}
  </a>
);

function TermsAndPrivacy({ terms, privacy }: { terms: string; privacy: string }) {
  return (
    <Trans>
      See our <ExternalLink href={terms}>Terms</ExternalLink> and{' '}
      <ExternalLink href={privacy}>Privacy Policy</ExternalLink>.
    </Trans>
  );
}

function AgreeToTerms({ terms }: { terms: string }) {
  return (
    <Trans>
      I agree to the <ExternalLink href={terms}>terms and conditions</ExternalLink>
    </Trans>
  );
}

/** docs/spec.md §2: one form in three sections, every message under its field once the form is dirty. */
export function ProfileForm({ view, onFieldChange, onAllConsentChange, onSubmit }: ProfileFormProps) {
  const { form, errors } = view;
  const { operatorName, links } = runtimeConfig;
  const text = (field: Exclude<EditableField, `is${string}` | `vehicle${string}` | `licensePlate${string}`>) => ({
    name: field,
    label: i18n._(FIELD_LABELS[field]),
    value: form[field],
    error: fieldErrorText(field, errors[field]),
    onValueChange: (value: string) => onFieldChange(field, value),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t`Membership profile`}>
      {/* Read before the first marked field, not after Submit, where it would come too late to help. */}
      <p className={`${styles.note} ${styles.requiredNote}`}>
        <span aria-hidden="true">*</span> {t`= Required field`}
      </p>

      <fieldset className={styles.section}>
        <legend>{t`Customer Information`}</legend>
        <div className={styles.row}>
          <TextField {...text('firstName')} required autoComplete="given-name" />
          <TextField {...text('lastName')} required autoComplete="family-name" />
        </div>
        <TextField {...text('address')} required autoComplete="address-line1" />
        <TextField {...text('address2')} autoComplete="address-line2" />
        <TextField {...text('city')} required autoComplete="address-level2" />
        <div className={styles.row}>
          <SelectField
            name="region"
            label={i18n._(FIELD_LABELS.region)}
            required
            autoComplete="address-level1"
            value={form.region}
            options={usStateOptions()}
            placeholder={t`Please select...`}
            error={fieldErrorText('region', errors.region)}
            onValueChange={(value) => onFieldChange('region', value)}
          />
          <TextField {...text('postalCode')} required autoComplete="postal-code" inputMode="numeric" />
        </div>
        <TextField {...text('email')} required type="email" autoComplete="email" inputMode="email" />
      </fieldset>

      <fieldset className={`${styles.section} ${styles.later}`}>
        <legend>{t`Vehicle Information`}</legend>
        <VehicleFields form={form} errors={errors} onChange={onFieldChange} />
      </fieldset>

      <fieldset className={`${styles.section} ${styles.later}`}>
        <legend>{t`Agreements`}</legend>
        <CheckboxField
          name="allConsent"
          label={t`Send me emails and text messages`}
          checked={view.allConsent}
          onCheckedChange={onAllConsentChange}
        />
        <CheckboxField
          name="isSubscribedToNewsletters"
          label={t`Email me news and offers from ${operatorName}`}
          checked={form.isSubscribedToNewsletters}
          onCheckedChange={(checked) => onFieldChange('isSubscribedToNewsletters', checked)}
        />
        <CheckboxField
          name="isSubscribedToSmsMessaging"
          label={t`Text me membership updates and offers from ${operatorName}`}
          checked={form.isSubscribedToSmsMessaging}
          onCheckedChange={(checked) => onFieldChange('isSubscribedToSmsMessaging', checked)}
        />
        <p className={styles.consentText}>
          {smsConsentText(operatorName)} <TermsAndPrivacy terms={links.terms} privacy={links.privacy} />
        </p>
        <CheckboxField
          name="isAgreedToTerms"
          label={<AgreeToTerms terms={links.terms} />}
          required
          checked={form.isAgreedToTerms}
          error={fieldErrorText('isAgreedToTerms', errors.isAgreedToTerms)}
          onCheckedChange={(checked) => onFieldChange('isAgreedToTerms', checked)}
        />
      </fieldset>

      <SubmitButton isSubmitting={view.isSubmitting} />
    </form>
  );
}
