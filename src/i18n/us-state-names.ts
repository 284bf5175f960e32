import { i18n } from '@lingui/core';
import { US_STATES } from '../domain/us-states';

/**
 * The State and Plate State lists: valued by code, named in the language shown. The English names are the domain's
 * (src/domain/us-states.ts, marked for translation there); a language's catalogue names them in its own words.
 */
export function usStateOptions(): readonly { value: string; label: string }[] {
  // The same list object while the language stays, so that each list's markup is made once (decision 050).
  if (named?.locale !== i18n.locale) {
    named = {
      locale: i18n.locale,
      options: US_STATES.map((state) => ({ value: state.value, label: i18n._(state.label) })),
    };
  }
  return named.options;
}

let named: { locale: string; options: readonly { value: string; label: string }[] } | undefined;
