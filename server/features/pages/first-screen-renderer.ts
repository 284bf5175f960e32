import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FirstScreenModule, FirstScreenRender } from '../../../src/domain/registration-lookup';
import type { RuntimeConfig } from '../../../src/domain/runtime-config';

/** Renders the profile form's HTML for a found registration, or nothing (a build without its server bundle). */
export type FirstScreenRenderer = FirstScreenRender | undefined;

/**
 * The first screen's server render (decision 016): `dist/ssr/entry-server.js`, the customer app built for Node by
 * `npm run build`, with every package it needs bundled in, so a production install needs no React of its own.
 */
export async function loadFirstScreenRenderer(distDir: string, config: RuntimeConfig): Promise<FirstScreenRenderer> {
  const entry = `${distDir}/ssr/entry-server.js`;
  if (!existsSync(entry)) return undefined;
  const { createFirstScreenRender } = (await import(pathToFileURL(entry).href)) as FirstScreenModule;
  return createFirstScreenRender(config);
}
