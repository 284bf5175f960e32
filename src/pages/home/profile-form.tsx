import type { FormEvent } from 'react';
import type { EditableField } from '../../../machines/profile/profile.types';
import type { ProfileView } from '../../../machines/profile/profile.view';
import { CheckboxField } from '../../components/fields/checkbox-field';
import { SelectField } from '../../components/fields/select-field';
import { TextField } from '../../components/fields/text-field';
import { smsConsentText } from '../../domain/consent';
import { US_STATES } from '../../domain/us-states';
import { runtimeConfig } from '../../lib/runtime-config';
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

const externalLink = (href: string, text: string) => (
  <a href={href} target="_blank" rel="noopener noreferrer">
    {text}
  </a>
);

/** docs/spec.md §2: one form in three sections, every message under its field once the form is dirty. */
export function ProfileForm({ view, onFieldChange, onAllConsentChange, onSubmit }: ProfileFormProps) {
  const { form, errors } = view;
  const { operatorName, links } = runtimeConfig;
  const text = (field: Exclude<EditableField, `is${string}` | `vehicle${string}`>) => ({
    name: field,
    value: form[field],
    error: errors[field],
    onValueChange: (value: string) => onFieldChange(field, value),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Membership profile">
      {/* Read before the first marked field, not after Submit, where it would come too late to help. */}
      <p className={`${styles.note} ${styles.requiredNote}`}>
        <span aria-hidden="true">*</span> = Required field
      </p>

      <fieldset className={styles.section}>
        <legend>Customer Information</legend>
        <div className={styles.row}>
          <TextField {...text('firstName')} label="First Name" required autoComplete="given-name" />
          <TextField {...text('lastName')} label="Last Name" required autoComplete="family-name" />
        </div>
        <TextField {...text('address')} label="Address" required autoComplete="address-line1" />
        <TextField {...text('address2')} label="Address 2" autoComplete="address-line2" />
        <TextField {...text('city')} label="City" required autoComplete="address-level2" />
        <div className={styles.row}>
          <SelectField
            name="region"
            label="State"
            required
            autoComplete="address-level1"
            value={form.region}
            options={US_STATES}
            error={errors.region}
            onValueChange={(value) => onFieldChange('region', value)}
          />
          <TextField {...text('postalCode')} label="Zip Code" required autoComplete="postal-code" inputMode="numeric" />
        </div>
        <TextField {...text('email')} label="Email" required type="email" autoComplete="email" inputMode="email" />
      </fieldset>

      <fieldset className={styles.section}>
        <legend>Vehicle Information</legend>
        <VehicleFields form={form} errors={errors} onChange={onFieldChange} />
      </fieldset>

      <fieldset className={styles.section}>
        <legend>Agreements</legend>
        <CheckboxField
          name="allConsent"
          label="Send me emails and text messages"
          checked={view.allConsent}
          onCheckedChange={onAllConsentChange}
        />
        <CheckboxField
          name="isSubscribedToNewsletters"
          label={`Email me news and offers from ${operatorName}`}
          checked={form.isSubscribedToNewsletters}
          onCheckedChange={(checked) => onFieldChange('isSubscribedToNewsletters', checked)}
        />
        <CheckboxField
          name="isSubscribedToSmsMessaging"
          label={`Text me membership updates and offers from ${operatorName}`}
          checked={form.isSubscribedToSmsMessaging}
          onCheckedChange={(checked) => onFieldChange('isSubscribedToSmsMessaging', checked)}
        />
        <p className={styles.consentText}>
          {smsConsentText(operatorName)} See our {externalLink(links.terms, 'Terms')} and{' '}
          {externalLink(links.privacy, 'Privacy Policy')}.
        </p>
        <CheckboxField
          name="isAgreedToTerms"
          label={<>I agree to the {externalLink(links.terms, 'terms and conditions')}</>}
          required
          checked={form.isAgreedToTerms}
          error={errors.isAgreedToTerms}
          onCheckedChange={(checked) => onFieldChange('isAgreedToTerms', checked)}
        />
      </fieldset>

      <SubmitButton isSubmitting={view.isSubmitting} />
    </form>
  );
}
