import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { expect, test } from 'vitest';

/**
 * Issue 14: no customer-facing text without its Spanish. Extracts the messages the code holds now, as
 * `npx lingui extract` would, and compares them with the committed catalogues. (ESLint's
 * lingui/no-unlocalized-strings catches a text written without Lingui at all.)
 */
test('every message in the customer code is in the catalogues, translated into Spanish', async () => {
  const config = getConfig({ cwd: process.cwd() });
  const [catalog] = await getCatalogs(config);
  const extracted = await catalog!.collect();
  expect(extracted, 'the extraction found no messages: is the catalogue path right?').toBeTruthy();
  const ids = Object.keys(extracted!);
  expect(ids.length).toBeGreaterThan(100);

  const english = await catalog!.read('en');
  const spanish = await catalog!.read('es');
  const notExtracted = ids.filter((id) => !english?.[id]).map((id) => extracted![id]!.message ?? id);
  const untranslated = ids.filter((id) => !spanish?.[id]?.translation).map((id) => extracted![id]!.message ?? id);
  expect(notExtracted, 'run npx lingui extract: these messages are not in en.po').toEqual([]);
  expect(untranslated, 'these messages have no Spanish in src/i18n/locales/es.po').toEqual([]);
}, 60_000);

test('the catalogues hold no message the code no longer has', async () => {
  const config = getConfig({ cwd: process.cwd() });
  const [catalog] = await getCatalogs(config);
  const extracted = (await catalog!.collect()) ?? {};
  const spanish = (await catalog!.read('es')) ?? {};
  const stale = Object.keys(spanish).filter((id) => !(id in extracted) && !spanish[id]!.obsolete);
  expect(stale, 'run npx lingui extract --clean').toEqual([]);
}, 60_000);
