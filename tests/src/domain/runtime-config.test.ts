import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { RUNTIME_CONFIG_ELEMENT_ID, runtimeConfigSchema } from '../../../src/domain/runtime-config';

const config = {
  apiKey: 'public-key',
  operatorName: 'Brightwater Car Wash',
  logoUrl: 'https://example.com/logo.svg',
  links: {
    terms: 'https://example.com/terms',
    privacy: 'https://example.com/privacy',
    support: 'https://example.com/support',
    locations: 'https://example.com/locations',
    manageMembership: 'https://example.com/manage',
    faqs: 'https://example.com/faqs',
    operatorHome: 'https://example.com/',
  },
  welcome: { heading: 'Welcome', newCustomer: 'Glad you joined.', returningCustomer: ['Welcome back.', 'Check it.'] },
  welcomeSpanish: { heading: 'Bienvenido', newCustomer: 'Nos alegra.', returningCustomer: ['Hola de nuevo.'] },
  requireLicensePlate: true,
  analyticsId: 'GTM-TEST',
  defaultPhoneCountry: 'US',
};

describe('the runtime configuration the server hands the page', () => {
  it('is read whole, links and welcome texts included', () => {
    expect(v.parse(runtimeConfigSchema, config)).toEqual(config);
  });

  it('leaves plates optional when the server says nothing of them', () => {
    const { requireLicensePlate: _rule, ...withoutRule } = config;
    expect(v.parse(runtimeConfigSchema, withoutRule).requireLicensePlate).toBe(false);
  });

  it.each([
    ['links.terms', { ...config, links: { ...config.links, terms: undefined } }],
    ['welcome.heading', { ...config, welcome: { ...config.welcome, heading: undefined } }],
    [
      'welcomeSpanish.returningCustomer',
      { ...config, welcomeSpanish: { ...config.welcomeSpanish, returningCustomer: 'Hola' } },
    ],
  ])('is refused without a valid %s', (path, input) => {
    const result = v.safeParse(runtimeConfigSchema, input);
    expect(result.issues?.map((issue) => v.getDotPath(issue))).toEqual([path]);
  });
});

describe('the element of index.html that carries the configuration', () => {
  it('has an id a page can look up: not empty, no spaces', () => {
    expect(RUNTIME_CONFIG_ELEMENT_ID).toMatch(/^[a-z][a-z-]+$/);
  });
});
