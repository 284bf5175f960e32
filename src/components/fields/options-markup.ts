/* eslint-disable lingui/no-unlocalized-strings -- HTML markup and entities, not words: the labels come in translated */
export interface SelectOption {
  value: string;
  label: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (character) => ESCAPES[character]!);

/**
 * The list's options as markup, the chosen one marked as the server's render marks it. The browser needs them as
 * elements, React does not: given as markup, hydrating the profile form takes over three hundred elements fewer
 * (the state, plate state and year lists), and React still sets the chosen option from `value` on every update
 * (decision 050).
 */
export function optionsMarkup(options: readonly SelectOption[], value: string, placeholder: string | null): string {
  const all = placeholder === null ? options : [{ value: '', label: placeholder }, ...options];
  return all
    .map(
      (option) =>
        `<option value="${escapeHtml(option.value)}"${option.value === value ? ' selected=""' : ''}>${escapeHtml(option.label)}</option>`,
    )
    .join('');
}
