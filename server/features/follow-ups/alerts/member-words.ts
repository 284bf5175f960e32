import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js/min';

/** How much of the member's comment an alert quotes (decision 027). */
export const COMMENT_EXCERPT_LENGTH = 200;

export const HIDDEN_PHONE = '[phone number hidden]';
export const HIDDEN_EMAIL = '[email hidden]';

/** Characters that end an address written in running text. */
const NOT_IN_ADDRESS = String.raw`\s@<>()[\]{}"',;:`;
/** `local@domain.tld`, stopping before a full stop that ends the sentence. */
const EMAIL = new RegExp(String.raw`[^${NOT_IN_ADDRESS}]+@(?:[^${NOT_IN_ADDRESS}.]+\.)+[^${NOT_IN_ADDRESS}.]+`, 'gu');
/**
 * Seven digits or more, spaced or punctuated as phone numbers are: a local number (`555-0123`) that
 * libphonenumber, lacking its area code, does not call a number, or a number it does not know.
 */
const DIGIT_RUN = /\+?\d(?:[\s().-]*\d){6,}/g;

/** Every line break a mail program or a phone would break at. */
const LINE_BREAKS = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/g;
/**
 * Control characters other than tab and line feed, and the direction controls that can make text read in another
 * order than it is written.
 */
const UNSHOWN = /(?![\t\n])[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The comment with its phone numbers and email addresses hidden: docs/console.md promises alerts carry no contact
 * details of the member, and a member may type theirs into the comment. Only the alert's quote is masked; the
 * console, behind the sign-in, shows the whole comment.
 */
export function maskContactDetails(comment: string, country: CountryCode): string {
  const withoutEmails = comment.replace(EMAIL, HIDDEN_EMAIL);
  const found = findPhoneNumbersInText(withoutEmails, { defaultCountry: country });
  let masked = '';
  let from = 0;
  for (const number of found) {
    masked += `${withoutEmails.slice(from, number.startsAt)}${HIDDEN_PHONE}`;
    from = number.endsAt;
  }
  masked += withoutEmails.slice(from);
  return masked.replace(DIGIT_RUN, HIDDEN_PHONE);
}

/** The first 200 characters (by code point, so an emoji is never cut in half), with an ellipsis when cut. */
export function commentExcerpt(comments: string): string {
  const characters = [...comments.trim()];
  if (characters.length <= COMMENT_EXCERPT_LENGTH) return characters.join('');
  return `${characters.slice(0, COMMENT_EXCERPT_LENGTH).join('')}…`;
}

/**
 * The member's words as an alert shows them: contact details hidden (before the cut, so no part of one is left at
 * it), cut to the excerpt, and split into lines wherever a reader's program would break them. Empty for no comment.
 * Each line is then shown quoted (`> ` in the text, a blockquote in the HTML) so that none can pass for a line of the
 * email's own, such as a second "Open the case" link (decision 039).
 */
export function commentLines(comments: string, country: CountryCode): string[] {
  const excerpt = commentExcerpt(maskContactDetails(comments.replace(LINE_BREAKS, '\n').replace(UNSHOWN, ''), country));
  return excerpt === '' ? [] : excerpt.split('\n').map((line) => line.trimEnd());
}
