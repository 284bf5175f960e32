import { i18n } from '@lingui/core';
import { describe, expect, test } from 'vitest';
import '../../../src/i18n/i18n';
import { customerSchema } from '../../../src/domain/customer';
import { validate } from '../../../src/domain/validation';
import { fieldErrorText } from '../../../src/i18n/field-texts';
import { inSpanish } from './in-spanish';

const invalid = {
  registrationId: 'ABC',
  firstName: '',
  lastName: 'x'.repeat(51),
  address: '\u200b',
  city: 'Springfield',
  region: 'ZZ',
  postalCode: '1234',
  email: 'nope',
  vehicleYear: null,
  vehicleMake: null,
  vehicleModel: 'RAV4',
  vehicleColor: 'Mauve',
  isAgreedToTerms: false,
};

const errors = () => {
  const result = validate(customerSchema, invalid);
  if (result.ok) throw new Error('expected the form to be refused');
  return result.errors;
};

describe('in English', () => {
  test('the schema’s message is shown as it is', () => {
    i18n.activate('en');
    for (const [field, message] of Object.entries(errors())) expect(fieldErrorText(field, message)).toBe(message);
    expect(fieldErrorText('anything', 'A message from elsewhere')).toBe('A message from elsewhere');
  });
});

describe('in Spanish', () => {
  inSpanish();

  test('every message the schema gives is in Spanish, by its code', () => {
    const shown = Object.fromEntries(
      Object.entries(errors()).map(([field, message]) => [field, fieldErrorText(field, message)]),
    );
    expect(shown).toMatchObject({
      firstName: 'El nombre es obligatorio',
      lastName: 'Apellido debe tener como máximo 50 caracteres',
      address: 'La dirección es obligatoria',
      region: 'El estado es obligatorio',
      postalCode: 'Escriba un código postal de 5 dígitos (o ZIP+4)',
      email: 'Correo electrónico no válido',
      vehicleYear: 'El año del vehículo es obligatorio',
      vehicleMake: 'La marca del vehículo es obligatoria',
      vehicleColor: 'El color del vehículo es obligatorio',
      isAgreedToTerms: 'Debe aceptar los términos y condiciones.',
    });
  });

  test('a message no code knows is not shown in English', () => {
    expect(fieldErrorText('firstName', 'Something the server said')).toBe('Revise este campo');
  });

  test('no message, no text', () => {
    expect(fieldErrorText('firstName', undefined)).toBeUndefined();
  });
});
