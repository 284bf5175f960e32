import { CUSTOMER_LIMITS, CUSTOMER_MESSAGES, tooLongMessage, type LimitedField } from './customer';
import type { FieldErrors } from './validation';
import { UNSUPPORTED_CHARACTERS } from './validation';

/**
 * A stable name for each message the customer schema gives, so a client showing another language than English
 * can say the same thing in its own words. The English messages stay the API's `issues`, word for word.
 */
export type IssueCode = keyof typeof CUSTOMER_MESSAGES | 'unsupportedCharacters' | 'tooLong';

export interface Issue {
  code: IssueCode;
  /** Only with `tooLong`: the most characters the field takes. */
  max?: number;
}

/** Every message the customer schema gives, to its code: each is one of a known few, so it is looked up, not parsed. */
const ISSUE_OF_MESSAGE = new Map<string, Issue>([
  ...Object.entries(CUSTOMER_MESSAGES).map(([code, message]) => [message, { code: code as IssueCode }] as const),
  [UNSUPPORTED_CHARACTERS, { code: 'unsupportedCharacters' }],
  ...(Object.keys(CUSTOMER_LIMITS) as LimitedField[]).map(
    (field) => [tooLongMessage(field), { code: 'tooLong', max: CUSTOMER_LIMITS[field] }] as const,
  ),
]);

/** The code of a message the customer schema gave; undefined for any other text (valibot's own, a server's). */
export function issueFor(message: string): Issue | undefined {
  const issue = ISSUE_OF_MESSAGE.get(message);
  return issue && { ...issue };
}

/** Field → code, for the fields whose message has one: the `codes` beside a 400's `issues`. */
export function issueCodesOf(errors: FieldErrors): Record<string, IssueCode> {
  const codes: Record<string, IssueCode> = {};
  for (const [field, message] of Object.entries(errors)) {
    const issue = issueFor(message);
    if (issue) codes[field] = issue.code;
  }
  return codes;
}
