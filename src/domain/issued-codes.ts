import * as v from 'valibot';
import { described, timestamp, timestampOrNull } from './described';
import { includeDemoFilter } from './demo-data';
import { siteId } from './list-filters';
import { CREATION_KEY, keysetQuery, pageOf } from './paging';
import { smsStatusSchema, type SmsStatus } from './webhooks';

/**
 * The counter's list of issued codes (docs/spec.md §2, decision 045): what became of each code a site issued on a
 * day, so that "did they get the text?", "did they open it?" and "text it again" have answers at the till.
 */

export const ISSUED_CODE_MESSAGES = {
  day: 'day is a date as YYYY-MM-DD',
  siteNeeded: 'Say which site: you may issue codes for more than one (siteId)',
  notFound: 'There is no such code.',
  used: 'This code was used: the member completed their profile.',
  expired: 'This code has expired: issue a new one.',
  notKept: 'This code cannot be shown again (it was issued before codes could be, or with another AUTH_SECRET).',
  textPending: 'A text of this code is still waiting to go out.',
} as const;

/** `GET /api/admin/registrations`: one calendar day on each site's own clock (today when left out), newest first. */
export const issuedCodeQuerySchema = v.object({
  ...keysetQuery(CREATION_KEY).entries,
  site: v.optional(siteId),
  ...includeDemoFilter,
  day: v.optional(
    v.pipe(v.string(ISSUED_CODE_MESSAGES.day), v.isoDate(ISSUED_CODE_MESSAGES.day), v.description('YYYY-MM-DD')),
  ),
});
export type IssuedCodeQuery = v.InferOutput<typeof issuedCodeQuerySchema>;

/**
 * Who issued a code: a staff member or an API key by name; `other` is the command line, the server's own demo codes,
 * and staff codes issued before the issuer was kept.
 */
export const codeIssuerSchema = v.object({
  kind: v.picklist(['staff', 'key', 'other']),
  name: described(v.string(), "The staff member's name (their email without one), or the key's name; '' otherwise."),
});
export type CodeIssuer = v.InferOutput<typeof codeIssuerSchema>;

/** A row of the counter's list: never the whole number, never the code (`GET …/:id/link` shows it again). */
export const issuedCodeSchema = v.object({
  id: v.string(),
  siteId: v.string(),
  siteName: v.string(),
  siteTimeZone: described(v.string(), "The site's IANA zone (DEFAULT_TIMEZONE when it has none)."),
  lastFour: described(v.string(), "The mobile number's last four digits."),
  planName: v.string(),
  issuedAt: timestamp('When the code was issued.'),
  issuedBy: codeIssuerSchema,
  openedAt: timestampOrNull('The first time its link was opened.'),
  completedAt: timestampOrNull('When the member completed their profile with it.'),
  expiresAt: timestampOrNull('When the code stops opening the form.'),
  sms: described(v.nullable(smsStatusSchema), 'The latest text of its link (its `code` text, not a reminder), if any.'),
  reminder: described(
    v.nullable(smsStatusSchema),
    "Its one reminder text (decision 053), if the site's reminder made one: sent, waiting until `scheduledFor` (when it is due, or when the sending window opens), or failed with why it was not sent.",
  ),
});
export type IssuedCode = v.InferOutput<typeof issuedCodeSchema>;

export const issuedCodePageSchema = pageOf(issuedCodeSchema);

/** `GET /api/admin/registrations/:id/link`: the code again, for its QR code and its link. */
export const codeLinkSchema = v.object({ token: v.string(), url: v.string() });
export type CodeLink = v.InferOutput<typeof codeLinkSchema>;

/**
 * What became of a code, as the counter says it, the furthest step first: completed, opened, expired, then its
 * latest text (failed or cancelled, held for the site's quiet hours, on its way, sent), or merely issued.
 */
export type CodeStage =
  'completed' | 'opened' | 'expired' | 'text_failed' | 'text_held' | 'text_queued' | 'texted' | 'issued';

const smsStage = (sms: SmsStatus): CodeStage => {
  if (sms.status === 'sent') return 'texted';
  // A text cancelled (the number opted out, the profile was completed first) reads as failed, with its reason.
  if (sms.status === 'failed') return 'text_failed';
  return sms.scheduledFor ? 'text_held' : 'text_queued';
};

export function codeStage(
  code: Pick<IssuedCode, 'openedAt' | 'completedAt' | 'expiresAt' | 'sms'>,
  now: Date,
): CodeStage {
  if (code.completedAt) return 'completed';
  if (code.openedAt) return 'opened';
  if (code.expiresAt && Date.parse(code.expiresAt) <= now.getTime()) return 'expired';
  return code.sms ? smsStage(code.sms) : 'issued';
}

/** Whether the row may show its code again or text it again: not used, not expired. */
export const isCodeLive = (code: Pick<IssuedCode, 'completedAt' | 'expiresAt'>, now: Date): boolean =>
  !code.completedAt && (!code.expiresAt || Date.parse(code.expiresAt) > now.getTime());
