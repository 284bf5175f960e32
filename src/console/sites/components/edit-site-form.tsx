import { useQueryClient } from '@tanstack/react-query';
import { unnamedSiteName, type Site } from '../../../domain/sites';
import buttons from '../../../components/buttons/buttons.module.css';
import { CheckboxField } from '../../../components/fields/checkbox-field';
import { TextField } from '../../../components/fields/text-field';
import { ErrorSummary } from '../../components/server-form/error-summary';
import { SubmitRow } from '../../components/server-form/submit-row';
import { useServerForm } from '../../components/server-form/use-server-form';
import styles from '../../console.module.css';
import { sitesKey, updateSite } from '../api';
import { siteChanges, siteForm } from '../site-changes';
import { SITE_FIELDS } from '../site-fields';
import { FEEDBACK_FIELDS, FeedbackFields } from './feedback-fields';
import { SendingWindowFields } from './sending-window-fields';
import { TimeZoneField } from './time-zone-field';

/**
 * An owner's change to one site, in place of its entry: its name, address, zone, review page, the hours its texts
 * may go out, its feedback after visits and reminders (decision 053), and whether it is offered for new codes, staff and keys. Only what changed is sent (nothing changed
 * closes the form unsent). `onClose` runs on saving and on cancelling.
 */
export function EditSiteForm({ site, onClose }: { site: Site; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useServerForm({
    inputPrefix: 'editSite',
    fields: {
      ...SITE_FIELDS,
      ...FEEDBACK_FIELDS,
      active: { label: 'Active' },
    },
    initial: () => siteForm(site),
    keepAfterSave: true,
    submit: async (values) => {
      const changes = siteChanges(site, values);
      if (Object.keys(changes).length > 0) await updateSite(site.id, changes);
    },
    onSaved: async () => {
      await queryClient.invalidateQueries({ queryKey: sitesKey });
      onClose();
    },
  });

  return (
    <form noValidate aria-labelledby={`edit-site-heading-${site.id}`} onSubmit={form.onSubmit}>
      <h3 id={`edit-site-heading-${site.id}`}>
        Change {site.name} <span className={styles.muted}>(point-of-sale id {site.id})</span>
      </h3>
      <ErrorSummary {...form.summary} />
      <TextField
        {...form.field('name')}
        autoComplete="off"
        // The name box opens on it: naming is what an unnamed site is opened for.
        autoFocus
        placeholder={site.named ? undefined : unnamedSiteName(site.id)}
      />
      <TextField {...form.field('address')} autoComplete="off" />
      <TimeZoneField
        name={form.inputs.timeZone}
        value={form.values.timeZone}
        error={form.errors.timeZone}
        onValueChange={form.set('timeZone')}
      />
      <TextField
        {...form.field('reviewUrl')}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://g.page/r/…/review"
      />
      <SendingWindowFields
        names={{ from: form.inputs.textsFrom, until: form.inputs.textsUntil }}
        from={form.values.textsFrom}
        until={form.values.textsUntil}
        errors={{ from: form.errors.textsFrom, until: form.errors.textsUntil }}
        onChange={({ from, until }) => form.setValues({ ...form.values, textsFrom: from, textsUntil: until })}
      />
      <FeedbackFields
        values={form.values}
        inputs={form.inputs}
        errors={form.errors}
        onChange={(feedback) => form.setValues({ ...form.values, ...feedback })}
      />
      <CheckboxField
        name={form.inputs.active}
        label="Active: offered for new codes, staff and keys"
        checked={form.values.active}
        error={form.errors.active}
        onCheckedChange={form.set('active')}
      />
      <SubmitRow label="Save" busyLabel="Saving…" busy={form.busy} refusal={form.refusal}>
        <button type="button" className={buttons.secondary} onClick={onClose}>
          Cancel
        </button>
      </SubmitRow>
    </form>
  );
}
