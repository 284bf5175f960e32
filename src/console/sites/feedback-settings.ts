import { FEEDBACK_DEFAULTS, type FeedbackSettings } from '../../domain/invitations';
import { minutes } from '../format';

/** A site's feedback settings (decision 053) as the form's boxes hold them: the numbers as typed. */
export interface FeedbackForm {
  askAfterVisit: boolean;
  askDelayMinutes: string;
  askEveryDays: string;
  codeReminder: boolean;
  codeReminderMinutes: string;
  inviteReminder: boolean;
  inviteReminderMinutes: string;
}

/** The boxes as a site's settings fill them (a new site's: the defaults). */
export const feedbackForm = (settings: FeedbackSettings = FEEDBACK_DEFAULTS): FeedbackForm => ({
  askAfterVisit: settings.askAfterVisit,
  askDelayMinutes: String(settings.askDelayMinutes),
  askEveryDays: String(settings.askEveryDays),
  codeReminder: settings.codeReminder,
  codeReminderMinutes: String(settings.codeReminderMinutes),
  inviteReminder: settings.inviteReminder,
  inviteReminderMinutes: String(settings.inviteReminderMinutes),
});

/**
 * A box's number as sent. What is not a number (an empty box, a word) is sent as NaN, which JSON writes as null, so
 * the server answers with the setting's own message (FEEDBACK_SETTING_MESSAGES): the rule and its words stay there.
 */
const numberOf = (box: string) => (box.trim() === '' ? Number.NaN : Number(box.trim()));

type FeedbackChanges = Partial<FeedbackSettings>;

/**
 * What saving sends of the feedback settings: the ones changed. While the site does not ask after visits, the boxes
 * that only matter while it asks (the delay, the interval, the survey's reminder) are hidden, and what they hold is
 * not sent.
 */
export function feedbackChanges(site: FeedbackSettings, form: FeedbackForm): FeedbackChanges {
  const changes: FeedbackChanges = {};
  const box = (key: 'askDelayMinutes' | 'askEveryDays' | 'codeReminderMinutes' | 'inviteReminderMinutes') => {
    if (form[key].trim() !== String(site[key])) changes[key] = numberOf(form[key]);
  };
  if (form.askAfterVisit !== site.askAfterVisit) changes.askAfterVisit = form.askAfterVisit;
  if (form.askAfterVisit) {
    box('askDelayMinutes');
    box('askEveryDays');
    if (form.inviteReminder !== site.inviteReminder) changes.inviteReminder = form.inviteReminder;
    if (form.inviteReminder) box('inviteReminderMinutes');
  }
  if (form.codeReminder !== site.codeReminder) changes.codeReminder = form.codeReminder;
  if (form.codeReminder) box('codeReminderMinutes');
  return changes;
}

/** A new site's settings: what differs from the defaults, as changing one would send. */
export const newSiteFeedback = (form: FeedbackForm): FeedbackChanges => feedbackChanges(FEEDBACK_DEFAULTS, form);

/** A delay in words: "right after", or "2 h after" (`minutes` of src/console/format.ts). */
const after = (value: number) => (value === 0 ? 'right after' : `${minutes(value)} after`);

/**
 * The settings as the sites list says them, in two short lines: asking after visits (when, how often, its reminder),
 * and the profile's reminder.
 */
export function feedbackLines(settings: FeedbackSettings): [string, string] {
  const asking = settings.askAfterVisit
    ? `Feedback asked ${after(settings.askDelayMinutes)} a visit, at most every ${settings.askEveryDays} ${
        settings.askEveryDays === 1 ? 'day' : 'days'
      }; ${
        settings.inviteReminder
          ? `reminded ${minutes(settings.inviteReminderMinutes)} later if unanswered`
          : 'no reminder'
      }`
    : 'Feedback not asked after visits';
  const profile = settings.codeReminder
    ? `Unfinished profile reminded ${minutes(settings.codeReminderMinutes)} after its code`
    : 'No reminder of an unfinished profile';
  return [asking, profile];
}
