import * as v from 'valibot';
import { isTimeZone } from './time-zone';

/** The languages a staff member's emails are written in (decision 046). */
export const STAFF_LANGUAGES = ['en', 'es'] as const;

export const ACCOUNT_SETTINGS_MESSAGES = {
  language: 'Choose English or Spanish',
  timeZone: 'Choose a time zone',
} as const;

/**
 * A staff member's own settings: the language of their alert emails, and the zone their all-sites figures count
 * days on (null: the server's DEFAULT_TIMEZONE, named in `defaultTimeZone`).
 */
export const accountSettingsSchema = v.object({
  language: v.picklist(STAFF_LANGUAGES),
  timeZone: v.nullable(v.string()),
  /** DEFAULT_TIMEZONE, what a null `timeZone` follows. */
  defaultTimeZone: v.string(),
});
export type AccountSettings = v.InferOutput<typeof accountSettingsSchema>;

/** A change to them: either or both; a null or empty zone goes back to the server's. */
export const accountSettingsChangeSchema = v.object({
  language: v.optional(v.picklist(STAFF_LANGUAGES, ACCOUNT_SETTINGS_MESSAGES.language)),
  timeZone: v.optional(
    v.nullable(
      v.pipe(
        v.string(ACCOUNT_SETTINGS_MESSAGES.timeZone),
        v.trim(),
        v.check((zone) => zone === '' || isTimeZone(zone), ACCOUNT_SETTINGS_MESSAGES.timeZone),
        v.transform((zone) => (zone === '' ? null : zone)),
      ),
    ),
  ),
});
export type AccountSettingsChange = v.InferOutput<typeof accountSettingsChangeSchema>;
