import type { RuntimeConfig } from '../src/domain/runtime-config';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../src/domain/runtime-config';
import type { Env } from './env';

export function runtimeConfig(env: Env): RuntimeConfig {
  return {
    apiKey: env.apiKey,
    operatorName: env.operatorName,
    logoUrl: env.logoUrl,
    links: env.links,
    welcome: env.welcome,
    welcomeSpanish: env.welcomeSpanish,
    requireLicensePlate: env.requireLicensePlate,
    analyticsId: env.analyticsId,
    defaultPhoneCountry: env.defaultPhoneCountry,
  };
}

/**
 * Embeds the configuration in index.html as inert JSON, so the first paint needs no extra request and one build
 * serves any deployment. `<` is escaped so no value can close the script element.
 */
export function injectRuntimeConfig(html: string, config: RuntimeConfig): string {
  return html.replace('</head>', `${jsonElement(RUNTIME_CONFIG_ELEMENT_ID, config)}</head>`);
}

/** Inert JSON whose `<` is escaped, so no value can close the script element. */
export function jsonElement(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script id="${id}" type="application/json">${json}</script>`;
}
