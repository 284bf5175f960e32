import type { RuntimeConfig } from '../../../src/domain/runtime-config';

/** The welcome texts an operator gets without setting WELCOME_*: a fictional club's, in English. */
export const ENGLISH_WELCOME_DEFAULTS = {
  heading: 'Welcome to the club!',
  newCustomer:
    'Thanks for joining. Tell us a little about you and your car so we can set up your membership: it takes about a minute.',
  returningCustomer:
    'Welcome back, and thanks for renewing your membership.|We have filled in the details you gave us last time. Please check they are still right, update anything that has changed, and agree to the terms to finish.',
};

/** The same defaults in Spanish, said as the English ones are. */
export const SPANISH_WELCOME_DEFAULTS: typeof ENGLISH_WELCOME_DEFAULTS = {
  heading: '¡Le damos la bienvenida al club!',
  newCustomer:
    'Gracias por unirse. Cuéntenos un poco sobre usted y su vehículo para activar su membresía: solo toma un minuto.',
  returningCustomer:
    'Nos alegra verle de nuevo. Gracias por renovar su membresía.|Completamos los datos que nos dio la última vez. Revise que sigan siendo correctos, actualice lo que haya cambiado y acepte los términos para terminar.',
};

type WelcomeTexts = typeof ENGLISH_WELCOME_DEFAULTS;

/** Paragraphs separated by "|", so the setting fits on one line of an environment file. */
export const paragraphsOf = (text: string) =>
  text
    .split('|')
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/**
 * Each Spanish text: the operator's WELCOME_*_ES when set; our Spanish when they left the English at our default;
 * otherwise their English, since we cannot translate words they wrote and a default of ours would not be theirs.
 */
export function spanishWelcome(
  english: WelcomeTexts,
  spanish: { [Key in keyof WelcomeTexts]?: string | undefined },
): RuntimeConfig['welcomeSpanish'] {
  const pick = (key: keyof WelcomeTexts) =>
    spanish[key] ?? (english[key] === ENGLISH_WELCOME_DEFAULTS[key] ? SPANISH_WELCOME_DEFAULTS[key] : english[key]);
  return {
    heading: pick('heading'),
    newCustomer: pick('newCustomer'),
    returningCustomer: paragraphsOf(pick('returningCustomer')),
  };
}
