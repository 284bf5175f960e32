import { CUSTOMER_MESSAGES } from './customer';
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

const CODE_OF_MESSAGE = new Map<string, IssueCode>([
  ...Object.entries(CUSTOMER_MESSAGES).map(([code, message]) => [message, code as IssueCode] as const),
  [UNSUPPORTED_CHARACTERS, 'unsupportedCharacters'],
]);

// The schema's `tooLong(label, max)`: "<label> must be at most <max> characters".
const TOO_LONG = / must be at most (\d+) characters$/;

/** The code of a message the customer schema gave; undefined for any other text (valibot's own, a server's). */
export function issueFor(message: string): Issue | undefined {
  const code = CODE_OF_MESSAGE.get(message);
  if (code) return { code };
  const tooLong = TOO_LONG.exec(message);
  return tooLong ? { code: 'tooLong', max: Number(tooLong[1]) } : undefined;
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
