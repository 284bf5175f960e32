import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccountSettings } from '../../domain/account-settings';
import buttons from '../../components/buttons/buttons.module.css';
import { SelectField } from '../../components/fields/select-field';
import { ADMIN_KEY } from '../client';
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

function SettingsFields({ settings }: { settings: AccountSettings }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ language: settings.language, timeZone: settings.timeZone ?? '' });
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () => saveAccountSettings(form),
    onSuccess: (answer) => {
      queryClient.setQueryData(accountSettingsKey, answer);
      // The dashboard's days follow the zone: its figures are counted again.
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'dashboard'] });
      setSaved(true);
    },
  });
  return (
    <form
      noValidate
      aria-labelledby="settings-heading"
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        save.mutate();
      }}
    >
      <h2 id="settings-heading">Language and time zone</h2>
      <SelectField
        name="language"
        label="Language of your alert emails"
        value={form.language}
        options={LANGUAGES}
        placeholder={null}
        onValueChange={(language) => setForm({ ...form, language: language === 'es' ? 'es' : 'en' })}
      />
      <TimeZoneField
        name="timeZone"
        value={form.timeZone}
        error={undefined}
        defaultZone={settings.defaultTimeZone}
        onValueChange={(timeZone) => setForm({ ...form, timeZone })}
      />
      <p>The dashboard and the feedback list count the days of all sites on this zone; one site, on its own.</p>
      <button type="submit" className={buttons.primary} disabled={save.isPending} aria-busy={save.isPending}>
        Save settings
      </button>
      <p role="status">
        {saved ? 'Your settings are saved.' : save.isError ? 'Your settings could not be saved.' : ''}
      </p>
    </form>
  );
}
