import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/** The Stately inspector and the charts panel are development tools: the production build must carry neither. */
test('the production build carries no inspector or charts panel code', () => {
  const assets = new URL('../../dist/assets/', import.meta.url);
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const name of scripts) {
    const code = readFileSync(new URL(name, assets), 'utf8');
    expect(code, name).not.toMatch(/createBrowserInspector|@statelyai|stately\.ai\/inspect|Running charts/);
  }
});
