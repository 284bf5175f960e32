import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/** The Stately inspector is a development tool: the production build must not carry it. */
test('the production build carries no inspector code', () => {
  const assets = new URL('../../dist/assets/', import.meta.url);
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const name of scripts) {
    const code = readFileSync(new URL(name, assets), 'utf8');
    expect(code, name).not.toMatch(/createBrowserInspector|@statelyai|stately\.ai\/inspect/);
  }
});
