import { i18n } from '@lingui/core';
import { beforeAll, expect, test } from 'vitest';
import '../../../src/i18n/i18n';
import { smsConsentText as domainConsent } from '../../../src/domain/consent';
import { CUSTOMER_LABELS, CUSTOMER_MESSAGES, TOO_LONG_MESSAGE, tooLongMessage } from '../../../src/domain/customer';
import { SURVEY_QUESTION_TEXTS, SURVEY_QUESTIONS } from '../../../src/domain/survey';
import { US_STATES } from '../../../src/domain/us-states';
import { UNSUPPORTED_CHARACTERS } from '../../../src/domain/validation';
import { VEHICLE_COLORS } from '../../../src/domain/vehicle-options';
import { smsConsentText } from '../../../src/i18n/consent-text';
import { SURVEY_QUESTION_LABELS } from '../../../src/pages/survey/survey-questions';

// The views read these texts from the catalogue; the schema, the server and the console read them from src/domain.
// English must be one text in both places, word for word as docs/spec.md gives it.
beforeAll(() => i18n.activate('en'));

test('every field message and label of the schema is in the catalogue, the same in English', () => {
  for (const [code, message] of Object.entries({ ...CUSTOMER_MESSAGES, ...CUSTOMER_LABELS, UNSUPPORTED_CHARACTERS })) {
    expect(i18n.messages[message], code).toBeDefined();
    expect(i18n._(message), code).toBe(message);
  }
  expect(i18n._(TOO_LONG_MESSAGE, { label: 'Last Name', max: 50 })).toBe(tooLongMessage('lastName'));
});

test('the survey questions', () => {
  for (const question of SURVEY_QUESTIONS) {
    expect(i18n._(SURVEY_QUESTION_LABELS[question])).toBe(SURVEY_QUESTION_TEXTS[question]);
  }
});

test('the SMS consent wording', () => {
  expect(smsConsentText('Brightwater Car Wash')).toBe(domainConsent('Brightwater Car Wash'));
});

test('the states and the colours are in the catalogue, by their English names', () => {
  for (const name of [...US_STATES.map((state) => state.label), ...VEHICLE_COLORS]) {
    expect(i18n.messages[name], name).toBeDefined();
    expect(i18n._(name)).toBe(name);
  }
});
