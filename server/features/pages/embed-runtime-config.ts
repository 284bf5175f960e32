import {
  RUNTIME_CONFIG_ELEMENT_ID,
  RUNTIME_CONFIG_FIELDS,
  type RuntimeConfig,
} from '../../../src/domain/runtime-config';
import type { Env } from '../../env';
import { pick } from '../../platform/values/pick';

/** The settings the page is handed: they carry the same names in the environment's parse (server/env.ts). */
export function runtimeConfig(env: Env): RuntimeConfig {
  return pick(env, RUNTIME_CONFIG_FIELDS);
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
