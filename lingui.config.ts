import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The customer journey's languages (decision 018). English is the source: its texts are the specification's,
 * written in the code; Spanish is translated in the `es.po` beside each `en.po`. The console is operator-facing and
 * English only, so it is not scanned.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: false,
  catalogs: [
    {
      path: '<rootDir>/src/i18n/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '<rootDir>/src/console/**', '<rootDir>/src/pages/survey/**'],
    },
    // The survey's texts load with its route (src/i18n/i18n.ts, addCatalogue): not in the first page's script.
    {
      path: '<rootDir>/src/pages/survey/locales/{locale}',
      include: ['<rootDir>/src/pages/survey'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
