import { i18n } from '@lingui/core';
import { afterEach, beforeEach } from 'vitest';
import '../../../src/i18n/i18n';
import { messages as spanish } from '../../../src/i18n/locales/es.po';
import { messages as surveySpanish } from '../../../src/pages/survey/locales/es.po';
import { messages as thankYouSpanish } from '../../../src/pages/thank-you/locales/es.po';
import { messages as dialogSpanish } from '../../../src/pages/home/dialogs/locales/es.po';
import { messages as phoneInputSpanish } from '../../../src/components/phone-input/locales/es.po';

/** Runs the file's tests with Spanish shown, as `showLanguage('es')` would, and English again after each. */
export function inSpanish() {
  beforeEach(() => {
    i18n.load('es', { ...spanish, ...surveySpanish, ...thankYouSpanish, ...dialogSpanish, ...phoneInputSpanish });
    i18n.activate('es');
  });
  afterEach(() => {
    i18n.activate('en');
  });
}
