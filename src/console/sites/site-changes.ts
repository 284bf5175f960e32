import type { Site } from '../../domain/sites';
import type { SiteChangeBody } from './api';
import { feedbackChanges, feedbackForm, type FeedbackForm } from './feedback-settings';

/** The edit form's boxes, as typed, with the feedback settings' (decision 053). */
export interface SiteForm extends FeedbackForm {
  name: string;
  address: string;
  timeZone: string;
  reviewUrl: string;
  /** The sending window's ends, "HH:MM" on the site's clock. */
  textsFrom: string;
  textsUntil: string;
  active: boolean;
}

/**
 * A time box cannot hold 24:00: "Until 00:00" is midnight at the end of the day (a window cannot end as the day
 * starts), so a window until midnight reads and saves as 00:00 in the box and 24:00 on the server.
 */
const MIDNIGHT_AT_END = '24:00';
const untilBox = (end: string) => (end === MIDNIGHT_AT_END ? '00:00' : end);
export const untilOf = (box: string) => (box === '00:00' ? MIDNIGHT_AT_END : box);

/** The edit form as it opens: an unnamed site's name box starts empty, waiting for the name to type. */
export const siteForm = (site: Site): SiteForm => ({
  name: site.named ? site.name : '',
  address: site.address,
  timeZone: site.timeZone,
  reviewUrl: site.reviewUrl ?? '',
  textsFrom: site.smsWindow.start,
  textsUntil: untilBox(site.smsWindow.end),
  active: site.active,
  ...feedbackForm(site),
});

/**
 * What saving the form sends: the fields changed, compared as the server keeps them (trimmed, no link as null), sent
 * as typed so the server's messages are about what the owner typed. A name is sent only when it changed, since giving
 * one marks the site named: an unnamed site whose name box was left empty keeps waiting for its name, and saving
 * its review link alone does not name it "Site {id}". An emptied review link is sent as '', which removes it.
 */
export function siteChanges(site: Site, form: SiteForm): SiteChangeBody {
  const name = form.name.trim();
  return {
    ...((site.named ? name !== site.name : name !== '') && { name: form.name }),
    ...(form.address.trim() !== site.address && { address: form.address }),
    ...(form.timeZone !== site.timeZone && { timeZone: form.timeZone }),
    ...((form.reviewUrl.trim() || null) !== site.reviewUrl && { reviewUrl: form.reviewUrl }),
    // The window is one value: either end changed sends both, for the server to check their order.
    ...((form.textsFrom !== site.smsWindow.start || untilOf(form.textsUntil) !== site.smsWindow.end) && {
      smsWindow: { start: form.textsFrom, end: untilOf(form.textsUntil) },
    }),
    ...(form.active !== site.active && { active: form.active }),
    ...feedbackChanges(site, form),
  };
}

/** Where the server keys its message about a form box: the window's two boxes are `smsWindow.start` and `.end`. */
export const issueKeyOf = (box: string) =>
  box === 'textsFrom' ? 'smsWindow.start' : box === 'textsUntil' ? 'smsWindow.end' : box;
