import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSettings } from '../../domain/account-settings';
import { SelectField } from '../../components/fields/select-field';
import { ADMIN_KEY } from '../client';
import { ErrorSummary } from '../components/server-form/error-summary';
import { SubmitRow } from '../components/server-form/submit-row';
import { useServerForm } from '../components/server-form/use-server-form';
import { TimeZoneField } from '../sites/components/time-zone-field';
import { accountSettingsKey, accountSettingsQuery, saveAccountSettings } from './api';

const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español (Spanish)' },
];

/**
 * The signed-in staff member's language (their alert emails) and time zone (the clock "all sites" counts days on:
 * decision 046). The zone's empty choice is the server's, named.
 */
export function SettingsForm() {
  const settings = useQuery(accountSettingsQuery);
  if (!settings.data) return <p>{settings.isError ? 'Your settings could not be loaded.' : 'Loading...'}</p>;
  return <SettingsFields settings={settings.data} />;
}

/** On the console's form kit (decision 044): a refusal marks its field, and the saved note sits by the button. */
function SettingsFields({ settings }: { settings: AccountSettings }) {
  const queryClient = useQueryClient();
  const form = useServerForm({
    fields: {
      language: { label: 'Language of your alert emails' },
      timeZone: { label: 'Time zone' },
    },
    initial: { language: settings.language, timeZone: settings.timeZone ?? '' },
    keepAfterSave: true,
    submit: saveAccountSettings,
    onSaved: (answer) => {
      queryClient.setQueryData(accountSettingsKey, answer);
      // The dashboard's days follow the zone: its figures are counted again.
      return queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'dashboard'] });
    },
  });
  return (
    <form noValidate aria-labelledby="settings-heading" onSubmit={form.onSubmit}>
      <h2 id="settings-heading">Language and time zone</h2>
      <ErrorSummary {...form.summary} />
      <SelectField {...form.field('language')} options={LANGUAGES} placeholder={null} />
      <TimeZoneField
        name={form.inputs.timeZone}
        value={form.values.timeZone}
        error={form.errors.timeZone}
        defaultZone={settings.defaultTimeZone}
        onValueChange={form.set('timeZone')}
      />
      <p>The dashboard and the feedback list count the days of all sites on this zone; one site, on its own.</p>
      <SubmitRow
        label="Save settings"
        busyLabel="Saving…"
        busy={form.busy}
        refusal={form.refusal}
        saved={form.isSaved && 'Your settings are saved.'}
      />
    </form>
  );
}
