import { addCatalogue } from '../../i18n/i18n';
import { messages as english } from './locales/en.po';

/**
 * The thank-you page's texts are a catalogue of its own, in its chunk, as the survey's are: the first screen's
 * script does not carry the page after it (decision 035). The route shows once they are loaded (app-routes.tsx).
 */
export const thankYouTexts = addCatalogue(english, {
  es: () => import('./locales/es.po').then((module) => module.messages),
});
