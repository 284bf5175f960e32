// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PhoneInput } from '../../../../src/components/phone-input/phone-input';
import { loadPhoneValidation } from '../../../../src/components/phone-input/phone-metadata';
import type { PhoneValidationResult } from '../../../../src/components/phone-input/phone-validation';
import { showLanguage } from '../../../../src/i18n/i18n';

beforeAll(async () => {
  await loadPhoneValidation();
});

afterEach(async () => {
  cleanup();
  await act(() => showLanguage('en'));
});

function renderPhoneInput() {
  const onResult = vi.fn<(result: PhoneValidationResult) => void>();
  const user = userEvent.setup();
  render(<PhoneInput id="mobile" label="Mobile number" defaultCountry="US" onResult={onResult} />);
  const number = screen.getByLabelText<HTMLInputElement>('Mobile number');
  return { onResult, user, number };
}

// Its accessible name is "Country: …" in English and whatever the catalogue says in Spanish: find it by its popup.
const countryButton = () => screen.getAllByRole('button').find((button) => button.hasAttribute('aria-expanded'))!;
const countryLabel = () => countryButton().getAttribute('aria-label');
const optionNames = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);
const activeOption = () => {
  const id = screen.getByRole('combobox').getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('PhoneInput in the language shown', () => {
  it('names and sorts the countries in Spanish, and finds them without accents', async () => {
    await act(() => showLanguage('es'));
    const { user, number } = renderPhoneInput();
    expect(countryLabel()).toMatch(/Estados Unidos \+1$/);
    await user.click(countryButton());
    expect(optionNames().slice(0, 3)).toEqual([
      expect.stringContaining('Afganistán'),
      expect.stringContaining('Albania'),
      expect.stringContaining('Alemania'),
    ]);
    expect(activeOption()!.textContent).toContain('Estados Unidos');
    await user.type(screen.getByRole('combobox'), 'mexico');
    expect(optionNames()).toEqual([expect.stringContaining('México')]);
    await user.keyboard('{Enter}');
    expect(countryLabel()).toMatch(/México \+52$/);
    expect(document.activeElement).toBe(number);
  });

  it('still finds a country by its English name or an English other name', async () => {
    await act(() => showLanguage('es'));
    const { user } = renderPhoneInput();
    await user.click(countryButton());
    const search = screen.getByRole('combobox');
    await user.type(search, 'Mexico');
    expect(optionNames()).toEqual([expect.stringContaining('México')]);
    await user.clear(search);
    await user.type(search, 'USA');
    expect(optionNames()).toEqual([expect.stringContaining('Estados Unidos')]);
  });

  it('switches language with a number typed and the list open, and keeps everything else as it was', async () => {
    const { user, number, onResult } = renderPhoneInput();
    await user.type(number, '2015550143');
    expect(number.value).toBe('(201) 555-0143');
    await user.click(countryButton());
    const search = screen.getByRole<HTMLInputElement>('combobox');
    await user.type(search, 'germ');
    expect(activeOption()!.textContent).toContain('Germany');
    // The number's result is reported a moment after typing stops: on a busy machine that moment may still be due.
    await vi.waitFor(() => expect(number.hasAttribute('data-result-due')).toBe(false));
    const reportsBefore = onResult.mock.calls.length;

    await act(() => showLanguage('es'));

    // The list is still open on the same search, now in Spanish, with the same country active.
    expect(screen.getByRole('combobox')).toBe(search);
    expect(search.value).toBe('germ');
    expect(activeOption()!.textContent).toContain('Alemania');
    expect(number.value).toBe('(201) 555-0143');
    expect(countryLabel()).toMatch(/Estados Unidos \+1$/);
    expect(onResult).toHaveBeenCalledTimes(reportsBefore);

    await act(() => showLanguage('en'));
    expect(search.value).toBe('germ');
    expect(activeOption()!.textContent).toContain('Germany');
    expect(countryLabel()).toBe('Country: United States +1');
    expect(number.value).toBe('(201) 555-0143');
  });

  it('keeps the active option on its country when the list is sorted again', async () => {
    const { user } = renderPhoneInput();
    await user.click(countryButton());
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = activeOption()!;
    const englishName = active.textContent;
    expect(englishName).not.toContain('United States');

    await act(() => showLanguage('es'));

    // Option ids carry the country code: the same id is the same country.
    expect(activeOption()!.id).toBe(active.id);
    expect(activeOption()!.getAttribute('aria-selected')).toBe('true');
    await act(() => showLanguage('en'));
    expect(activeOption()!.textContent).toBe(englishName);
  });
});
