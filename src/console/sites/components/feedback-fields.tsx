import { CheckboxField } from '../../../components/fields/checkbox-field';
import { TextField } from '../../../components/fields/text-field';
import { FEEDBACK_LIMITS } from '../../../domain/invitations';
import styles from '../../console.module.css';
import type { FeedbackForm } from '../feedback-settings';
import local from '../sites.module.css';

type Box = keyof FeedbackForm;

/** The feedback settings' labels (decision 053), the form kit's field specs: the error summary names them so. */
export const FEEDBACK_FIELDS = {
  askAfterVisit: { label: 'Ask for feedback after a visit' },
  askDelayMinutes: { label: 'Minutes after the visit (0 = right away)' },
  askEveryDays: { label: 'At most once every N days' },
  inviteReminder: { label: 'Remind about an unanswered survey' },
  inviteReminderMinutes: { label: 'Minutes before the survey reminder' },
  codeReminder: { label: 'Remind about an unfinished profile' },
  codeReminderMinutes: { label: 'Minutes before the profile reminder' },
} as const satisfies Record<Box, { label: string }>;

const numberBox = { type: 'text', inputMode: 'numeric', autoComplete: 'off', pattern: '[0-9]*' } as const;

/**
 * A site's feedback after visits and its reminders, on the form kit. What only matters while the site asks after
 * visits (the delay, the interval, the survey's reminder) is hidden while it does not; a reminder's minutes are
 * hidden while the reminder is off. Every text waits for the site's sending window.
 */
export function FeedbackFields({
  values,
  inputs,
  errors,
  onChange,
}: {
  values: FeedbackForm;
  inputs: Record<Box, string>;
  errors: Partial<Record<Box, string>>;
  onChange: (values: FeedbackForm) => void;
}) {
  const set =
    <K extends Box>(key: K) =>
    (value: FeedbackForm[K]) =>
      onChange({ ...values, [key]: value });
  const box = (key: 'askDelayMinutes' | 'askEveryDays' | 'inviteReminderMinutes' | 'codeReminderMinutes') => ({
    ...numberBox,
    name: inputs[key],
    label: FEEDBACK_FIELDS[key].label,
    value: values[key],
    error: errors[key],
    onValueChange: set(key),
  });
  const check = (key: 'askAfterVisit' | 'inviteReminder' | 'codeReminder') => ({
    name: inputs[key],
    label: FEEDBACK_FIELDS[key].label,
    checked: values[key],
    error: errors[key],
    onCheckedChange: set(key),
  });
  return (
    <fieldset className={local.feedback}>
      <legend>Feedback and reminders</legend>
      <CheckboxField {...check('askAfterVisit')} />
      <p className={styles.muted}>
        {values.askAfterVisit
          ? 'A member the point-of-sale reports a visit of is texted a short survey, in their language, within the sending window.'
          : 'Off: no survey is texted after a visit. Turn it on to choose when, how often, and its reminder.'}
      </p>
      {values.askAfterVisit && (
        <div className={local.feedbackGroup}>
          <TextField {...box('askDelayMinutes')} />
          <TextField {...box('askEveryDays')} />
          <p className={styles.muted}>
            At most one survey per member in that many days (1 to {FEEDBACK_LIMITS.maxEveryDays}), and none within that
            many days of their last answer.
          </p>
          <CheckboxField {...check('inviteReminder')} />
          {values.inviteReminder && <TextField {...box('inviteReminderMinutes')} />}
        </div>
      )}
      <CheckboxField {...check('codeReminder')} />
      <p className={styles.muted}>
        One text again to a member whose code was texted and who has not finished the profile.
      </p>
      {values.codeReminder && <TextField {...box('codeReminderMinutes')} />}
    </fieldset>
  );
}
