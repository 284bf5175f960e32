import * as v from 'valibot';
import { RUNTIME_CONFIG_ELEMENT_ID, runtimeConfigSchema, type RuntimeConfig } from '../domain/runtime-config';

/** The configuration the server embedded in index.html; read once, at start. */
function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const element = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error('The page has no runtime configuration: serve it through the server.');
  return v.parse(runtimeConfigSchema, JSON.parse(element.textContent));
}

export const runtimeConfig: RuntimeConfig = readRuntimeConfig();
