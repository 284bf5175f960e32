import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../../server/env';
import { runtimeConfig } from '../../../../server/features/pages/embed-runtime-config';
import {
  ENGLISH_WELCOME_DEFAULTS,
  SPANISH_WELCOME_DEFAULTS,
  spanishWelcome,
} from '../../../../server/features/pages/welcome-texts';

const SPANISH_RETURNING = [
  'Nos alegra verle de nuevo. Gracias por renovar su membresía.',
  'Completamos los datos que nos dio la última vez. Revise que sigan siendo correctos, actualice lo que haya ' +
    'cambiado y acepte los términos para terminar.',
];

describe('the Spanish welcome texts', () => {
  it('are ours when the operator left the English at its default', () => {
    expect(parseEnv({}).welcomeSpanish).toEqual({
      heading: '¡Le damos la bienvenida al club!',
      newCustomer:
        'Gracias por unirse. Cuéntenos un poco sobre usted y su vehículo para activar su membresía: solo toma un minuto.',
      returningCustomer: SPANISH_RETURNING,
    });
  });

  it("are the operator's _ES texts when set, paragraphs split on |, whatever the English says", () => {
    const env = parseEnv({
      WELCOME_HEADING: 'Welcome to Sparkle!',
      WELCOME_HEADING_ES: '¡Bienvenido a Sparkle!',
      WELCOME_NEW_CUSTOMER_ES: 'Hola.',
      WELCOME_RETURNING_CUSTOMER_ES: 'Uno. | Dos.',
    });
    expect(env.welcomeSpanish).toEqual({
      heading: '¡Bienvenido a Sparkle!',
      newCustomer: 'Hola.',
      returningCustomer: ['Uno.', 'Dos.'],
    });
  });

  it("are the operator's own English where they changed it and gave no Spanish (we cannot translate it)", () => {
    const env = parseEnv({
      WELCOME_HEADING: 'Welcome to Sparkle!',
      WELCOME_RETURNING_CUSTOMER: 'Good to see you.|Check your details.',
    });
    expect(env.welcomeSpanish).toEqual({
      heading: 'Welcome to Sparkle!',
      newCustomer: SPANISH_WELCOME_DEFAULTS.newCustomer,
      returningCustomer: ['Good to see you.', 'Check your details.'],
    });
  });

  it('treats an empty _ES variable as unset, as every empty setting is', () => {
    expect(parseEnv({ WELCOME_HEADING_ES: '' }).welcomeSpanish.heading).toBe(SPANISH_WELCOME_DEFAULTS.heading);
  });

  it('resolves each text on its own', () => {
    expect(
      spanishWelcome({ ...ENGLISH_WELCOME_DEFAULTS, newCustomer: 'Our own words.' }, { returningCustomer: 'Propio.' }),
    ).toEqual({
      heading: SPANISH_WELCOME_DEFAULTS.heading,
      newCustomer: 'Our own words.',
      returningCustomer: ['Propio.'],
    });
  });

  it('reach the page in the runtime configuration, beside the English ones', () => {
    const config = runtimeConfig(parseEnv({ WELCOME_HEADING_ES: 'Hola' }));
    expect(config.welcome.heading).toBe(ENGLISH_WELCOME_DEFAULTS.heading);
    expect(config.welcomeSpanish.heading).toBe('Hola');
  });
});
