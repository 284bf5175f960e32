import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The customer journey's languages (decision 018). English is the source: its texts are the specification's,
 * written in the code; Spanish is translated in src/i18n/locales/es.po. The console is operator-facing and
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
      exclude: ['**/node_modules/**', '<rootDir>/src/console/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
