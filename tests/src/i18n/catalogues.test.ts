import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { describe, expect, test } from 'vitest';

/**
 * Issue 14: no customer-facing text without its Spanish. Extracts the messages the code holds now, as
 * `npx lingui extract` would, and compares them with the committed catalogues. (ESLint's
 * lingui/no-unlocalized-strings catches a text written without Lingui at all.)
 */
/** The first page's catalogue, then those loaded with their code (the home page's dialogs, the later pages). */
const CATALOGUES = [
  'src/i18n/locales/{locale}',
  'src/components/phone-input/locales/{locale}',
  'src/pages/home/dialogs/locales/{locale}',
  'src/pages/thank-you/locales/{locale}',
  'src/pages/survey/locales/{locale}',
];

test('the configuration has the catalogues this suite reads', async () => {
  const catalogs = await getCatalogs(getConfig({ cwd: process.cwd() }));
  expect(catalogs.map((catalog) => catalog.path.replace(`${process.cwd()}/`, ''))).toEqual(CATALOGUES);
});

describe.each(CATALOGUES)('the catalogue %s', (path) => {
  const catalogue = async () => {
    const catalogs = await getCatalogs(getConfig({ cwd: process.cwd() }));
    return catalogs.find((catalog) => catalog.path.endsWith(path))!;
  };

  test('holds every message of its code, translated into Spanish', async () => {
    const catalog = await catalogue();
    const extracted = await catalog.collect();
    expect(extracted, 'the extraction found no messages: is the catalogue path right?').toBeTruthy();
    const ids = Object.keys(extracted!);
    expect(ids.length).toBeGreaterThan(path.startsWith('src/i18n') ? 100 : 5);

    const english = await catalog.read('en');
    const spanish = await catalog.read('es');
    const notExtracted = ids.filter((id) => !english?.[id]).map((id) => extracted![id]!.message ?? id);
    const untranslated = ids.filter((id) => !spanish?.[id]?.translation).map((id) => extracted![id]!.message ?? id);
    expect(notExtracted, 'run npx lingui extract: these messages are not in en.po').toEqual([]);
    expect(untranslated, `these messages have no Spanish in ${path.replace('{locale}', 'es')}.po`).toEqual([]);
  }, 60_000);

  test('holds no message the code no longer has', async () => {
    const catalog = await catalogue();
    const extracted = (await catalog.collect()) ?? {};
    const spanish = (await catalog.read('es')) ?? {};
    const stale = Object.keys(spanish).filter((id) => !(id in extracted) && !spanish[id]!.obsolete);
    expect(stale, 'run npx lingui extract --clean').toEqual([]);
  }, 60_000);
});
