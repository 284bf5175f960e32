// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import userEvent from '@testing-library/user-event';
import {
  PhoneInput,
  RESULT_DEBOUNCE_MS,
  type PhoneInputHandle,
  type PhoneInputProps,
} from '../../../../src/components/phone-input/phone-input';
import { loadPhoneValidation } from '../../../../src/components/phone-input/phone-metadata';
import type { PhoneValidationResult } from '../../../../src/components/phone-input/phone-validation';

// These tests are about the input once it is complete; phone-input-metadata.test.tsx covers the time before.
beforeAll(async () => {
  await loadPhoneValidation();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function renderPhoneInput(props: Partial<PhoneInputProps> = {}) {
  const onResult = vi.fn<(result: PhoneValidationResult) => void>();
  const user = userEvent.setup();
  render(<PhoneInput id="mobile" label="Mobile number" defaultCountry="US" onResult={onResult} {...props} />);
  const number = screen.getByLabelText<HTMLInputElement>('Mobile number');
  return { onResult, user, number };
}

const countryButton = () => screen.getByRole('button', { name: /country/i });

/**
 * Types by setting the whole text at once. For the fake-timer tests: Testing Library's async wrapper around
 * user-event waits on a real `setTimeout`, which never fires under Vitest's fake timers.
 */
function typeText(input: HTMLInputElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
}

function pickCountry(query: string) {
  fireEvent.click(countryButton());
  const search = screen.getByRole('combobox');
  fireEvent.change(search, { target: { value: query } });
  fireEvent.keyDown(search, { key: 'Enter' });
}

describe('PhoneInput: the number field', () => {
  it('is a labelled phone field with the right hints for keyboards and autofill', () => {
    const { number } = renderPhoneInput({ invalid: true, describedBy: 'mobile-error' });
    expect(number).toHaveProperty('id', 'mobile');
    expect(number.getAttribute('type')).toBe('tel');
    expect(number.getAttribute('autocomplete')).toBe('tel');
    expect(number.getAttribute('inputmode')).toBe('tel');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(number.getAttribute('aria-describedby')).toBe('mobile-error');
  });

  it('sanitises and formats as the customer types', async () => {
    const { user, number } = renderPhoneInput();
    await user.type(number, '2a01b.555#0143');
    expect(number.value).toBe('(201) 555-0143');
  });

  it('keeps the caret in place when a digit is inserted in the middle', async () => {
    const { user, number } = renderPhoneInput();
    await user.type(number, '201550143');
    expect(number.value).toBe('(201) 550-143');
    // Caret after "(201) 55", type the missing "5".
    await user.type(number, '5', { initialSelectionStart: 8, initialSelectionEnd: 8 });
    expect(number.value).toBe('(201) 555-0143');
    expect(number.selectionStart).toBe(10);
    // And the next digit goes where the customer is, not at the end.
    await user.keyboard('9');
    expect(number.value).toBe('20155590143');
    expect(number.selectionStart).toBe(7);
  });

  it('keeps the caret in place when a digit is deleted in the middle', async () => {
    const { user, number } = renderPhoneInput();
    await user.type(number, '2015550143');
    expect(number.value).toBe('(201) 555-0143');
    // Caret after "(201) 555", Backspace deletes the last "5" of the exchange.
    number.setSelectionRange(9, 9);
    await user.keyboard('{Backspace}');
    expect(number.value).toBe('(201) 550-143');
    expect(number.selectionStart).toBe(8);
    await user.keyboard('7');
    expect(number.value).toBe('(201) 557-0143');
    expect(number.selectionStart).toBe(10);
  });
});

describe('PhoneInput: the country', () => {
  it('starts from the configured country, showing its flag and calling code', () => {
    renderPhoneInput();
    const button = countryButton();
    expect(button.getAttribute('aria-label')).toBe('Country: United States +1');
    expect(button.textContent).toContain('+1');
    const flag = button.querySelector('img')!;
    expect(flag.getAttribute('alt')).toBe('');
    expect(flag.getAttribute('loading')).toBe('lazy');
    expect(flag.getAttribute('width')).toBe('24');
    expect(flag.getAttribute('height')).toBe('16');
    // Served from our own origin, never from a flag service.
    expect(flag.getAttribute('src')).toMatch(/^\/.*US.*\.svg/);
  });

  it('switches to the United Kingdom when the customer types +44', async () => {
    const { user, number } = renderPhoneInput();
    await user.type(number, '+44');
    expect(countryButton().getAttribute('aria-label')).toBe('Country: United Kingdom +44');
    await user.type(number, '7400123456');
    expect(number.value).toBe('+44 7400 123456');
    expect(countryButton().getAttribute('aria-label')).toBe('Country: United Kingdom +44');
  });

  it('keeps the United States for a bare 10-digit number, even with a Canadian area code', () => {
    vi.useFakeTimers();
    const { number, onResult } = renderPhoneInput();
    typeText(number, '2045551234');
    expect(number.value).toBe('(204) 555-1234');
    expect(countryButton().getAttribute('aria-label')).toBe('Country: United States +1');
    act(() => {
      vi.advanceTimersByTime(RESULT_DEBOUNCE_MS);
    });
    expect(onResult).toHaveBeenLastCalledWith(
      expect.objectContaining({ isValid: false, countryCode: 'US', parsedCountryCode: 'CA' }),
    );
  });

  it('shows the "Choose country" hint when no country is selected', () => {
    renderPhoneInput({ defaultCountry: '' });
    expect(screen.getByRole('button', { name: 'Choose country' })).toBeTruthy();
  });

  it('warns about an unknown configured country and selects none', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPhoneInput({ defaultCountry: 'XX' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"XX"'));
    expect(screen.getByRole('button', { name: 'Choose country' })).toBeTruthy();
  });

  it('restores an E.164 number in its own country and reports it at once', () => {
    const { number, onResult } = renderPhoneInput({ initialValue: '+447400123456' });
    expect(number.value).toBe('07400 123456');
    expect(countryButton().getAttribute('aria-label')).toBe('Country: United Kingdom +44');
    expect(onResult).toHaveBeenCalledTimes(1);
    expect(onResult).toHaveBeenCalledWith(
      expect.objectContaining({ isValid: true, countryCode: 'GB', e164: '+447400123456' }),
    );
  });
});

describe('PhoneInput: the country combobox', () => {
  async function openList(props: Partial<PhoneInputProps> = {}) {
    const rendered = renderPhoneInput(props);
    await rendered.user.click(countryButton());
    const search = screen.getByRole('combobox', { name: 'Search countries' });
    const listbox = screen.getByRole('listbox', { name: 'Countries' });
    return { ...rendered, search, listbox };
  }

  const activeOption = (search: HTMLElement) => {
    const id = search.getAttribute('aria-activedescendant');
    return id ? document.getElementById(id) : null;
  };

  it('is a WAI-ARIA combobox over a listbox, opened on the current country', async () => {
    const { search, listbox } = await openList();
    expect(countryButton().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(search);
    expect(search.getAttribute('aria-expanded')).toBe('true');
    expect(search.getAttribute('aria-controls')).toBe(listbox.id);
    expect(search.getAttribute('aria-autocomplete')).toBe('list');
    expect(search.getAttribute('autocomplete')).toBe('off');
    expect(listbox.style.maxHeight).toBe('240px');
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(245);
    expect(options[0]!.style.height).toBe('38px');
    const active = activeOption(search)!;
    expect(active.textContent).toContain('United States');
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(options.filter((option) => option.getAttribute('aria-selected') === 'true')).toEqual([active]);
  });

  it.each([
    ['germ', 'Germany'],
    ['DE', 'Germany'],
    ['+49', 'Germany'],
  ])('finds Germany for "%s"', async (query, name) => {
    const { user, search, listbox } = await openList();
    await user.type(search, query);
    const first = within(listbox).getAllByRole('option')[0]!;
    expect(first.textContent).toContain(name);
    expect(activeOption(search)).toBe(first);
  });

  it('says so when nothing matches', async () => {
    const { user, search, listbox } = await openList();
    await user.type(search, 'qqqq');
    expect(within(listbox).queryAllByRole('option')).toHaveLength(0);
    expect(search.hasAttribute('aria-activedescendant')).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('No country found');
  });

  it('moves with the arrow keys, selects with Enter, re-validates at once and focuses the number', async () => {
    const { user, search, number, onResult } = await openList();
    await user.type(search, '+44');
    const options = () => within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options().map((option) => option.textContent)).toEqual([
      expect.stringContaining('United Kingdom'),
      expect.stringContaining('Guernsey'),
      expect.stringContaining('Isle of Man'),
      expect.stringContaining('Jersey'),
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption(search)!.textContent).toContain('Isle of Man');
    await user.keyboard('{ArrowUp}');
    expect(activeOption(search)!.textContent).toContain('Guernsey');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(activeOption(search)!.textContent).toContain('Jersey');
    await user.keyboard('{Enter}');

    expect(screen.queryByRole('listbox')).toBeNull();
    expect(countryButton().getAttribute('aria-label')).toBe('Country: Jersey +44');
    expect(countryButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(number);
    expect(onResult).toHaveBeenCalledTimes(1);
    expect(onResult).toHaveBeenCalledWith(expect.objectContaining({ countryCode: 'JE', isValid: false }));
  });

  it('selects with a click too', async () => {
    const { user, search, number } = await openList();
    await user.type(search, 'france');
    await user.click(screen.getByRole('option', { name: /France/ }));
    expect(countryButton().getAttribute('aria-label')).toBe('Country: France +33');
    expect(document.activeElement).toBe(number);
  });

  it('closes on Escape, returns focus to the button, and lets no one else see the Escape', async () => {
    const dialogListener = vi.fn();
    // Radix Dialog listens for Escape in the capture phase on the document.
    document.addEventListener('keydown', dialogListener, { capture: true });
    document.addEventListener('keydown', dialogListener);
    try {
      const { user } = await openList();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(document.activeElement).toBe(countryButton());
      expect(dialogListener).not.toHaveBeenCalled();
      // Once closed, Escape is the dialog's again.
      await user.keyboard('{Escape}');
      expect(dialogListener).toHaveBeenCalled();
    } finally {
      document.removeEventListener('keydown', dialogListener, { capture: true });
      document.removeEventListener('keydown', dialogListener);
    }
  });

  it('closes on Tab', async () => {
    const { user } = await openList();
    await user.tab();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes on a click outside, and not on a click inside', async () => {
    const { user, listbox } = await openList();
    fireEvent.pointerDown(listbox);
    expect(screen.queryByRole('listbox')).not.toBeNull();
    await user.click(document.body);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes when its button is pressed again', async () => {
    const { user } = await openList();
    await user.click(countryButton());
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(countryButton());
  });
});

describe('PhoneInput: onResult', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('reports 500 ms after the last keystroke, once', () => {
    const { number, onResult } = renderPhoneInput();
    typeText(number, '201555');
    act(() => {
      vi.advanceTimersByTime(RESULT_DEBOUNCE_MS - 100);
    });
    typeText(number, '(201) 5550143');
    act(() => {
      vi.advanceTimersByTime(RESULT_DEBOUNCE_MS - 1);
    });
    expect(onResult).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onResult).toHaveBeenCalledTimes(1);
    expect(onResult).toHaveBeenCalledWith(
      expect.objectContaining({ isValid: true, countryCode: 'US', e164: '+12015550143' }),
    );
  });

  it('reports at once on a country change, and drops the pending report', () => {
    const { number, onResult } = renderPhoneInput();
    typeText(number, '07400123456');
    pickCountry('united kingdom');
    expect(onResult).toHaveBeenCalledTimes(1);
    expect(onResult).toHaveBeenCalledWith(
      expect.objectContaining({ isValid: true, countryCode: 'GB', type: 'MOBILE' }),
    );
    expect(document.activeElement).toBe(number);
    expect(number.value).toBe('07400 123456');
    act(() => {
      vi.advanceTimersByTime(RESULT_DEBOUNCE_MS * 2);
    });
    expect(onResult).toHaveBeenCalledTimes(1);
  });

  it('turns a number typed with another country code into a national number of the country picked', () => {
    const { number, onResult } = renderPhoneInput();
    typeText(number, '+447400123456');
    pickCountry('germany');
    expect(number.value).not.toContain('+');
    expect(onResult).toHaveBeenLastCalledWith(
      expect.objectContaining({ countryCode: 'DE', nationalNumber: '7400123456' }),
    );
  });

  it('reports the number on screen at once when a submit asks for it before typing has paused, and only then', async () => {
    const handle = createRef<PhoneInputHandle>();
    const { number, onResult } = renderPhoneInput({ ref: handle });
    typeText(number, '2015550143');
    await act(() => handle.current!.reportDue());
    expect(onResult).toHaveBeenCalledTimes(1);
    expect(onResult).toHaveBeenCalledWith(expect.objectContaining({ isValid: true, e164: '+12015550143' }));
    act(() => {
      vi.advanceTimersByTime(RESULT_DEBOUNCE_MS * 2);
    });
    expect(onResult).toHaveBeenCalledTimes(1);
    // Nothing typed since: a second submit has nothing to report.
    await act(() => handle.current!.reportDue());
    expect(onResult).toHaveBeenCalledTimes(1);
  });

  it('stops its timer when the field goes away', () => {
    const { number, onResult } = renderPhoneInput();
    typeText(number, '2015550143');
    cleanup();
    act(() => {
      vi.advanceTimersByTime(RESULT_DEBOUNCE_MS);
    });
    expect(onResult).not.toHaveBeenCalled();
  });
});
