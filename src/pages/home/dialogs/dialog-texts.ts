import { addCatalogue } from '../../../i18n/i18n';
import { messages as english } from './locales/en.po';

/**
 * The texts of the dialogs only some visitors see (a sign-up without a code, a refused code): a catalogue of their
 * own, loaded with them, so that the first screen's script carries neither (decision 035). home-page.tsx shows a dialog
 * once they are loaded.
 */
export const dialogTexts = addCatalogue(english, {
  es: () => import('./locales/es.po').then((module) => module.messages),
});
