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
      exclude: [
        '**/node_modules/**',
        '<rootDir>/src/console/**',
        '<rootDir>/src/pages/survey/**',
        '<rootDir>/src/pages/thank-you/**',
        '<rootDir>/src/pages/home/dialogs/**',
        '<rootDir>/src/components/phone-input/**',
      ],
    },
    // The phone input's, the home page's dialogs', the thank-you page's and the survey's texts load with their code
    // (src/i18n/i18n.ts, addCatalogue): not in the first page's script (decision 035).
    {
      path: '<rootDir>/src/components/phone-input/locales/{locale}',
      include: ['<rootDir>/src/components/phone-input'],
    },
    {
      path: '<rootDir>/src/pages/home/dialogs/locales/{locale}',
      include: ['<rootDir>/src/pages/home/dialogs'],
    },
    {
      path: '<rootDir>/src/pages/thank-you/locales/{locale}',
      include: ['<rootDir>/src/pages/thank-you'],
    },
    {
      path: '<rootDir>/src/pages/survey/locales/{locale}',
      include: ['<rootDir>/src/pages/survey'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
