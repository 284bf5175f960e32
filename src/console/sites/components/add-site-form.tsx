import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import buttons from '../../../components/buttons/buttons.module.css';
import { fieldId } from '../../../components/fields/field-ids';
import { TextField } from '../../../components/fields/text-field';
import type { Refusal } from '../../client';
import styles from '../../console.module.css';
import { createSite, sitesKey, sitesQuery, type NewSiteBody } from '../api';
import { issueKeyOf, untilOf } from '../site-changes';
import { SendingWindowFields } from './sending-window-fields';
import { TimeZoneField } from './time-zone-field';

const FIELDS = ['id', 'name', 'address', 'timeZone', 'reviewUrl', 'textsFrom', 'textsUntil'] as const;
type Field = (typeof FIELDS)[number];
const INPUTS: Record<Field, string> = {
  id: 'newSiteId',
  name: 'newSiteName',
  address: 'newSiteAddress',
  timeZone: 'newSiteTimeZone',
  reviewUrl: 'newSiteReviewUrl',
  textsFrom: 'newSiteTextsFrom',
  textsUntil: 'newSiteTextsUntil',
};
const EMPTY: Record<Field, string> = {
  id: '',
  name: '',
  address: '',
  timeZone: '',
  reviewUrl: '',
  textsFrom: '',
  textsUntil: '',
};

/** What adding sends: no zone or window chosen leaves the server's defaults (DEFAULT_TIMEZONE, SMS_WINDOW). */
function newSite({ textsFrom, textsUntil, timeZone, ...rest }: Record<Field, string>): NewSiteBody {
  return {
    ...rest,
    timeZone: timeZone || undefined,
    // Either time typed sends both, for the server to say which one is missing or out of order.
    ...(textsFrom || textsUntil ? { smsWindow: { start: textsFrom, end: untilOf(textsUntil) } } : {}),
  };
}

/**
 * An owner adds a site before its first sale, under the id its point-of-sale will send. The server's field messages
 * mark the fields (the first takes the focus; a taken id is the id's); any other refusal is the page's.
 */
export function AddSiteForm({ onProblem }: { onProblem: (message: string | null) => void }) {
  const queryClient = useQueryClient();
  const defaultZone = useQuery(sitesQuery).data?.defaultTimeZone;
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [added, setAdded] = useState<string | null>(null);

  const add = useMutation({
    mutationFn: () => createSite(newSite(form)),
    onSuccess: (site) => {
      setAdded(site.name);
      setErrors({});
      onProblem(null);
      setForm(EMPTY);
      void queryClient.invalidateQueries({ queryKey: sitesKey });
    },
    onError: (error: Refusal) => {
      const fieldErrors = Object.fromEntries(
        FIELDS.flatMap((f) => (error.issues[issueKeyOf(f)] ? [[f, error.issues[issueKeyOf(f)]]] : [])),
      );
      setErrors(fieldErrors);
      setAdded(null);
      onProblem(Object.keys(fieldErrors).length ? null : error.message);
      const first = FIELDS.find((f) => fieldErrors[f]);
      if (first) document.getElementById(fieldId(INPUTS[first]))?.focus();
    },
  });
  const set = (field: Field) => (value: string) => setForm({ ...form, [field]: value });

  return (
    <section className={styles.card} aria-labelledby="add-site-heading">
      <h2 id="add-site-heading">Add a site</h2>
      <p className={styles.muted}>
        A site the point-of-sale sends for the first time is listed by itself, waiting for a name. Add one here to name
        it before its first sale.
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate();
        }}
      >
        <TextField
          name={INPUTS.id}
          label="Point-of-sale id"
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="12"
          value={form.id}
          error={errors.id}
          onValueChange={set('id')}
        />
        <TextField
          name={INPUTS.name}
          label="Name"
          required
          autoComplete="off"
          placeholder="Main Street"
          value={form.name}
          error={errors.name}
          onValueChange={set('name')}
        />
        <TextField
          name={INPUTS.address}
          label="Address (optional)"
          autoComplete="off"
          value={form.address}
          error={errors.address}
          onValueChange={set('address')}
        />
        <TimeZoneField
          name={INPUTS.timeZone}
          value={form.timeZone}
          error={errors.timeZone}
          defaultZone={defaultZone ?? null}
          onValueChange={set('timeZone')}
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
          onValueChange={set('reviewUrl')}
        />
        <SendingWindowFields
          names={{ from: INPUTS.textsFrom, until: INPUTS.textsUntil }}
          from={form.textsFrom}
          until={form.textsUntil}
          errors={{ from: errors.textsFrom, until: errors.textsUntil }}
          hint="empty: the server's default"
          onChange={({ from, until }) => setForm({ ...form, textsFrom: from, textsUntil: until })}
        />
        <button type="submit" className={buttons.primary} disabled={add.isPending}>
          Add site
        </button>
      </form>
      <p role="status">{added && `Added ${added}.`}</p>
    </section>
  );
}
