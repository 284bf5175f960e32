/**
 * Short enough for one text with a typical link and operator name, naming who sends it, and ending with the
 * opt-out wording carriers expect.
 */
export const DEFAULT_SMS_TEMPLATE = '{operator}: finish your membership profile: {link} Reply STOP to opt out.';

/** Fills `{operator}` and `{link}` in SMS_TEMPLATE; any other braces are left as written. */
export function smsText(template: string, values: { operator: string; link: string }): string {
  return template.replaceAll('{operator}', values.operator).replaceAll('{link}', values.link);
}
