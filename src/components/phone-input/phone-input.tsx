import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useInput } from 'input-format/react-hook';
import { parsePhoneNumberFromString, parseIncompletePhoneNumber, type CountryCode } from 'libphonenumber-js/max';
import { countryOfTypedNumber, listCountries, nationalPartOfTypedNumber, toCountryCode } from './countries';
import { CountrySelect } from './country-select';
import { createPhoneFormatter, parsePhoneCharacter } from './phone-number-format';
import { validatePhoneNumber, type PhoneValidationResult } from './phone-validation';
import { sanitizePhoneInput, sanitizePhoneInputWithCaret } from './sanitize-phone-input';
import styles from './phone-input.module.css';

/** docs/spec.md §9: the result follows typing after this long without a keystroke. */
export const RESULT_DEBOUNCE_MS = 500;

export interface PhoneInputProps {
  /** id of the number `<input>`. */
  id: string;
  /** Visible `<label>` text for the number. */
  label: string;
  /** From runtime configuration, e.g. 'US'. An unknown code logs a warning and leaves no country selected. */
  defaultCountry: string;
  /** E.164 number to start from (restored after a reload). */
  initialValue?: string;
  /** After 500 ms without typing, at once when the customer picks a country, and once on mount with `initialValue`. */
  onResult: (result: PhoneValidationResult) => void;
  /** Sets `aria-invalid` on the number input. */
  invalid?: boolean;
  /** id(s) for `aria-describedby` on the number input. */
  describedBy?: string;
  autoFocus?: boolean;
}

interface Start {
  country: CountryCode | undefined;
  /** input-format's parsed value: digits with an optional leading '+'. */
  value: string;
}

/** A restored E.164 number is shown as the customer would type it at home: national format, its own country. */
function startFrom(defaultCountry: string, initialValue: string | undefined): Start {
  const country = toCountryCode(defaultCountry);
  if (!initialValue) return { country, value: '' };
  const parsed = parsePhoneNumberFromString(initialValue, country);
  if (parsed?.country) {
    return { country: parsed.country, value: parseIncompletePhoneNumber(parsed.formatNational()) };
  }
  const value = parseIncompletePhoneNumber(sanitizePhoneInput(initialValue));
  return { country: countryOfTypedNumber(value, country), value };
}

/**
 * docs/spec.md §2/§9 phone field: a country button with a searchable list, and a number that is sanitised, formatted as it is
 * typed for the selected country and validated for it. The caret stays where the customer is editing.
 */
export function PhoneInput({
  id,
  label,
  defaultCountry,
  initialValue,
  onResult,
  invalid,
  describedBy,
  autoFocus,
}: PhoneInputProps) {
  const [start] = useState(() => startFrom(defaultCountry, initialValue));
  const [country, setCountry] = useState(start.country);
  const [value, setValue] = useState(start.value);
  const [countries] = useState(listCountries);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The parent may pass a new callback on every render; the pending timer must call the latest one.
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  });

  useEffect(() => {
    if (defaultCountry.trim() !== '' && !toCountryCode(defaultCountry)) {
      console.warn(`[PhoneInput] Country code "${defaultCountry}" is not available; no country is selected.`);
    }
  }, [defaultCountry]);

  useEffect(() => {
    // The dialog's OK button depends on validity, which a restored number must establish without typing.
    if (start.value) onResultRef.current(validatePhoneNumber(start.value, start.country));
  }, [start]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const emitNow = (nextValue: string, nextCountry: CountryCode | undefined) => {
    clearTimeout(timer.current);
    onResultRef.current(validatePhoneNumber(nextValue, nextCountry));
  };

  const emitLater = (nextValue: string, nextCountry: CountryCode | undefined) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => emitNow(nextValue, nextCountry), RESULT_DEBOUNCE_MS);
  };

  const onValueChange = (nextValue = '') => {
    const nextCountry = countryOfTypedNumber(nextValue, country);
    setValue(nextValue);
    setCountry(nextCountry);
    emitLater(nextValue, nextCountry);
  };

  const onSelectCountry = (nextCountry: CountryCode) => {
    // A number typed with another country's '+' code keeps only its national part under the new country.
    const nextValue = nextCountry === country ? value : nationalPartOfTypedNumber(value);
    setCountry(nextCountry);
    setValue(nextValue);
    emitNow(nextValue, nextCountry);
    inputRef.current?.focus();
  };

  const format = useMemo(() => createPhoneFormatter(country), [country]);
  const inputProps = useInput<{ ref: typeof inputRef }>({
    ref: inputRef,
    parse: parsePhoneCharacter,
    format,
    value,
    onChange: onValueChange,
  });

  // Sanitise before input-format reads the text, keeping the caret after the character it followed.
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const { text, caret } = sanitizePhoneInputWithCaret(input.value, input.selectionStart ?? input.value.length);
    if (text !== input.value) {
      input.value = text;
      input.setSelectionRange(caret, caret);
    }
    inputProps.onChange(event);
  };

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <CountrySelect country={country} countries={countries} onSelect={onSelectCountry}>
        <input
          {...inputProps}
          onChange={onChange}
          id={id}
          className={styles.number}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          autoFocus={autoFocus}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      </CountrySelect>
    </div>
  );
}
