import { addCatalogue } from '../../i18n/i18n';
import { messages as english } from './locales/en.po';

/**
 * The phone input's texts (its country list) are a catalogue of their own, loaded with it: only a sign-up without a
 * code shows it, so the first screen's script does not carry them (decision 035).
 */
export const phoneInputTexts = addCatalogue(english, {
  es: () => import('./locales/es.po').then((module) => module.messages),
});
