import { i18n } from '@lingui/core';
import { US_STATES } from '../domain/us-states';

/**
 * The State and Plate State lists: valued by code, named in the language shown. The English names are the domain's
 * (src/domain/us-states.ts, marked for translation there); a language's catalogue names them in its own words.
 */
export const usStateOptions = () => US_STATES.map((state) => ({ value: state.value, label: i18n._(state.label) }));
