// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PhoneInput, RESULT_DEBOUNCE_MS } from '../../../../src/components/phone-input/phone-input';
import { loadedPhoneValidation, loadPhoneValidation } from '../../../../src/components/phone-input/phone-metadata';
import type { PhoneValidationResult } from '../../../../src/components/phone-input/phone-validation';

// The full metadata arrives when the test says so: the time between the first keystroke and its arrival is the subject.
const gate = vi.hoisted(() => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
});
vi.mock('../../../../src/components/phone-input/phone-validation', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('PhoneInput before the full metadata has loaded', () => {
  it('formats at once, reports nothing until the full metadata is here, then reports the full validation', async () => {
    const onResult = vi.fn<(result: PhoneValidationResult) => void>();
    render(<PhoneInput id="mobile" label="Mobile number" defaultCountry="US" onResult={onResult} />);
    // Showing the dialog loads nothing more: the first keystroke does.
    expect(loadedPhoneValidation()).toBeUndefined();

    vi.useFakeTimers();
    const number = screen.getByLabelText<HTMLInputElement>('Mobile number');
    fireEvent.change(number, { target: { value: '2015550143' } });
    expect(number.value).toBe('(201) 555-0143');
    act(() => {
      vi.advanceTimersByTime(RESULT_DEBOUNCE_MS);
    });
    // Validity and type need the full metadata: no result yet, so the dialog's OK stays disabled.
    expect(onResult).not.toHaveBeenCalled();
    vi.useRealTimers();

    gate.open();
    await act(() => loadPhoneValidation());
    expect(onResult).toHaveBeenCalledTimes(1);
    expect(onResult).toHaveBeenCalledWith(
      expect.objectContaining({ isValid: true, countryCode: 'US', e164: '+12015550143', type: 'FIXED_LINE_OR_MOBILE' }),
    );
    expect(number.value).toBe('(201) 555-0143');
  });
});
