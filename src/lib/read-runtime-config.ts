import * as v from 'valibot';
import { RUNTIME_CONFIG_ELEMENT_ID, runtimeConfigSchema, type RuntimeConfig } from '../domain/runtime-config';

/** The configuration the server embedded in index.html; read once, at start. */
function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const element = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error('The page has no runtime configuration: serve it through the server.');
  return v.parse(runtimeConfigSchema, JSON.parse(element.textContent));
}

/** In the server's render of the first screen (entry-server.tsx) there is no page to read: the server gives it. */
export const runtimeConfig: RuntimeConfig =
  typeof document === 'undefined' ? ({} as RuntimeConfig) : readRuntimeConfig();

/** The server's configuration, for its render of the first screen: one per process, as the page's is one per load. */
export function setServerRuntimeConfig(config: RuntimeConfig) {
  Object.assign(runtimeConfig, config);
}
