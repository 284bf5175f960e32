import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { unnamedSiteName, type Site } from '../../../domain/sites';
import buttons from '../../../components/buttons/buttons.module.css';
import { CheckboxField } from '../../../components/fields/checkbox-field';
import { fieldId } from '../../../components/fields/field-ids';
import { TextField } from '../../../components/fields/text-field';
import type { Refusal } from '../../client';
import styles from '../../console.module.css';
import { sitesKey, updateSite } from '../api';
import { issueKeyOf, siteChanges, siteForm } from '../site-changes';
import { SendingWindowFields } from './sending-window-fields';
import { TimeZoneField } from './time-zone-field';

const FIELDS = ['name', 'address', 'timeZone', 'reviewUrl', 'textsFrom', 'textsUntil', 'active'] as const;
type Field = (typeof FIELDS)[number];
const INPUTS: Record<Field, string> = {
  name: 'editSiteName',
  address: 'editSiteAddress',
  timeZone: 'editSiteTimeZone',
  reviewUrl: 'editSiteReviewUrl',
  textsFrom: 'editSiteTextsFrom',
  textsUntil: 'editSiteTextsUntil',
  active: 'editSiteActive',
};

/**
 * An owner's change to one site, in place of its entry: its name, address, zone, review page, the hours its texts
 * may go out, and whether it is offered for new codes, staff and keys. Only what changed is sent; the server's field messages mark the fields (the
 * first takes the focus), any other refusal is the page's. `onClose` runs on saving and on cancelling.
 */
export function EditSiteForm({
  site,
  onClose,
  onProblem,
}: {
  site: Site;
  onClose: () => void;
  onProblem: (message: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => siteForm(site));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const save = useMutation({
    mutationFn: () => updateSite(site.id, siteChanges(site, form)),
    onSuccess: async () => {
      onProblem(null);
      await queryClient.invalidateQueries({ queryKey: sitesKey });
      onClose();
    },
    onError: (error: Refusal) => {
      const fieldErrors = Object.fromEntries(
        FIELDS.flatMap((f) => (error.issues[issueKeyOf(f)] ? [[f, error.issues[issueKeyOf(f)]]] : [])),
      );
      setErrors(fieldErrors);
      onProblem(Object.keys(fieldErrors).length ? null : error.message);
      const first = FIELDS.find((f) => fieldErrors[f]);
      if (first) document.getElementById(fieldId(INPUTS[first]))?.focus();
    },
  });

  return (
    <form
      noValidate
      aria-labelledby={`edit-site-heading-${site.id}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (Object.keys(siteChanges(site, form)).length === 0) onClose();
        else save.mutate();
      }}
    >
      <h3 id={`edit-site-heading-${site.id}`}>
        Change {site.name} <span className={styles.muted}>(point-of-sale id {site.id})</span>
      </h3>
      <TextField
        name={INPUTS.name}
        label="Name"
        autoComplete="off"
        // The name box opens on it: naming is what an unnamed site is opened for.
        autoFocus
        placeholder={site.named ? undefined : unnamedSiteName(site.id)}
        value={form.name}
        error={errors.name}
        onValueChange={(name) => setForm({ ...form, name })}
      />
      <TextField
        name={INPUTS.address}
        label="Address (optional)"
        autoComplete="off"
        value={form.address}
        error={errors.address}
        onValueChange={(address) => setForm({ ...form, address })}
      />
      <TimeZoneField
        name={INPUTS.timeZone}
        value={form.timeZone}
        error={errors.timeZone}
        onValueChange={(timeZone) => setForm({ ...form, timeZone })}
      />
      <TextField
        name={INPUTS.reviewUrl}
        label="Review page (optional)"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://g.page/r/…/review"
        value={form.reviewUrl}
        error={errors.reviewUrl}
        onValueChange={(reviewUrl) => setForm({ ...form, reviewUrl })}
      />
      <SendingWindowFields
        names={{ from: INPUTS.textsFrom, until: INPUTS.textsUntil }}
        from={form.textsFrom}
        until={form.textsUntil}
        errors={{ from: errors.textsFrom, until: errors.textsUntil }}
        onChange={({ from, until }) => setForm({ ...form, textsFrom: from, textsUntil: until })}
      />
      <CheckboxField
        name={INPUTS.active}
        label="Active: offered for new codes, staff and keys"
        checked={form.active}
        error={errors.active}
        onCheckedChange={(active) => setForm({ ...form, active })}
      />
      <div className={styles.actions}>
        <button type="submit" className={buttons.primary} disabled={save.isPending}>
          Save
        </button>
        <button type="button" className={buttons.secondary} onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
