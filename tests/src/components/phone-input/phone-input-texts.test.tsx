// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PhoneInput } from '../../../../src/components/phone-input/phone-input';
import { showLanguage } from '../../../../src/i18n/i18n';

/**
 * Every text of the field goes through Lingui under its English message: stand-in translations (not the catalogue's
 * words, which are the translator's to change), loaded over the Spanish catalogue, must all show. This file's Spanish
 * is then not the catalogue's, which is why it is a file of its own.
 */
const name = '';
const callingCode = '';
const STAND_INS: [MessageDescriptor, Messages[string]][] = [
  [msg`Country: ${name} +${callingCode}`, ['[es] País ', ['name'], ' +', ['callingCode']]],
  [msg`Choose country`, ['[es] Elija el país']],
  [msg`Search countries`, ['[es] Buscar países']],
  [msg`Country, code or +1`, ['[es] País, código o +1']],
  [msg`Countries`, ['[es] Países']],
  [msg`No country found`, ['[es] Ningún país']],
];

beforeAll(async () => {
  await showLanguage('es');
  act(() => i18n.load('es', Object.fromEntries(STAND_INS.map(([descriptor, text]) => [descriptor.id, text]))));
});

afterEach(() => {
  cleanup();
});

afterAll(async () => {
  await showLanguage('en');
});

const renderPhoneInput = (defaultCountry: string) =>
  render(<PhoneInput id="mobile" label="Mobile number" defaultCountry={defaultCountry} onResult={vi.fn()} />);

describe('PhoneInput texts', () => {
  it('names the country button through Lingui, with the country named in the language shown', () => {
    renderPhoneInput('MX');
    expect(screen.getByRole('button', { name: '[es] País México +52' })).toBeTruthy();
  });

  it('shows the no-country hint through Lingui', () => {
    renderPhoneInput('');
    expect(screen.getByRole('button', { name: '[es] Elija el país' })).toBeTruthy();
  });

  it('labels the search, its placeholder, the list and the empty status through Lingui', async () => {
    const user = userEvent.setup();
    renderPhoneInput('US');
    await user.click(screen.getByRole('button', { name: /Estados Unidos/ }));
    const search = screen.getByRole('combobox', { name: '[es] Buscar países' });
    expect(search.getAttribute('placeholder')).toBe('[es] País, código o +1');
    expect(screen.getByRole('listbox', { name: '[es] Países' })).toBeTruthy();
    await user.type(search, 'qqqq');
    expect(screen.getByRole('status').textContent).toBe('[es] Ningún país');
  });
});
