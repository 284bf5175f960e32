import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TextField } from '../../../components/fields/text-field';
import { ErrorSummary } from '../../components/server-form/error-summary';
import { SubmitRow } from '../../components/server-form/submit-row';
import { useServerForm } from '../../components/server-form/use-server-form';
import styles from '../../console.module.css';
import { createSite, sitesKey, sitesQuery, type NewSiteBody } from '../api';
import { untilOf } from '../site-changes';
import { SITE_FIELDS } from '../site-fields';
import { feedbackForm, newSiteFeedback, type FeedbackForm } from '../feedback-settings';
import { FEEDBACK_FIELDS, FeedbackFields } from './feedback-fields';
import { SendingWindowFields } from './sending-window-fields';
import { TimeZoneField } from './time-zone-field';

const TEXT_BOXES = { id: '', name: '', address: '', timeZone: '', reviewUrl: '', textsFrom: '', textsUntil: '' };
type NewSiteForm = typeof TEXT_BOXES & FeedbackForm;
const EMPTY: NewSiteForm = { ...TEXT_BOXES, ...feedbackForm() };

/**
 * What adding sends: no zone or window chosen leaves the server's defaults (DEFAULT_TIMEZONE, SMS_WINDOW), and the
 * feedback settings only where they differ from theirs (decision 053).
 */
function newSite(form: NewSiteForm): NewSiteBody {
  const { id, name, address, reviewUrl, textsFrom, textsUntil, timeZone } = form;
  return {
    id,
    name,
    address,
    reviewUrl,
    ...newSiteFeedback(form),
    timeZone: timeZone || undefined,
    // Either time typed sends both, for the server to say which one is missing or out of order.
    ...(textsFrom || textsUntil ? { smsWindow: { start: textsFrom, end: untilOf(textsUntil) } } : {}),
  };
}

/** An owner adds a site before its first sale, under the id its point-of-sale will send (a taken id is the id's). */
export function AddSiteForm() {
  const queryClient = useQueryClient();
  const defaultZone = useQuery(sitesQuery).data?.defaultTimeZone;
  const form = useServerForm({
    inputPrefix: 'newSite',
    fields: {
      id: { label: 'Point-of-sale id' },
      ...SITE_FIELDS,
      ...FEEDBACK_FIELDS,
    },
    initial: EMPTY,
    submit: (values) => createSite(newSite(values)),
    onSaved: () => queryClient.invalidateQueries({ queryKey: sitesKey }),
  });

  return (
    <section className={styles.card} aria-labelledby="add-site-heading">
      <h2 id="add-site-heading">Add a site</h2>
      <p className={styles.muted}>
        A site the point-of-sale sends for the first time is listed by itself, waiting for a name. Add one here to name
        it before its first sale.
      </p>
      <form noValidate onSubmit={form.onSubmit}>
        <ErrorSummary {...form.summary} />
        <TextField
          {...form.field('id')}
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="12"
        />
        <TextField {...form.field('name')} required autoComplete="off" placeholder="Main Street" />
        <TextField {...form.field('address')} autoComplete="off" />
        <TimeZoneField
          name={form.inputs.timeZone}
          value={form.values.timeZone}
          error={form.errors.timeZone}
          defaultZone={defaultZone ?? null}
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
          hint="empty: the server's default"
          onChange={({ from, until }) => form.setValues({ ...form.values, textsFrom: from, textsUntil: until })}
        />
        <FeedbackFields
          values={form.values}
          inputs={form.inputs}
          errors={form.errors}
          onChange={(feedback) => form.setValues({ ...form.values, ...feedback })}
        />
        <SubmitRow
          label="Add site"
          busyLabel="Adding…"
          busy={form.busy}
          refusal={form.refusal}
          saved={form.saved && `Added ${form.saved.name}.`}
        />
      </form>
    </section>
  );
}
