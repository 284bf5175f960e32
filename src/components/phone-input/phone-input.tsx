import { useEffect, useImperativeHandle, useMemo, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { useInput } from 'input-format/react-hook';
import { parsePhoneNumberFromString, parseIncompletePhoneNumber, type CountryCode } from 'libphonenumber-js/core';
import { useLanguage } from '../../i18n/use-language';
import { countryOfTypedNumber, listCountries, nationalPartOfTypedNumber, toCountryCode } from './countries';
import { CountrySelect } from './country-select';
import { loadedPhoneValidation, loadPhoneValidation, phoneMetadata } from './phone-metadata';
import { createPhoneFormatter, parsePhoneCharacter } from './phone-number-format';
import type { PhoneValidationResult } from './phone-validation';
import { sanitizePhoneInput, sanitizePhoneInputWithCaret } from './sanitize-phone-input';
import styles from './phone-input.module.css';

export { phoneInputTexts } from './phone-input-texts';

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
  /**
   * After 500 ms without typing, at once when the customer picks a country, and once on mount with `initialValue`;
   * never before the full metadata has loaded (phone-metadata.ts): a result due earlier comes as it arrives.
   */
  onResult: (result: PhoneValidationResult) => void;
  /** Sets `aria-invalid` on the number input. */
  invalid?: boolean;
  /** id(s) for `aria-describedby` on the number input. */
  describedBy?: string;
  autoFocus?: boolean;
  /** For a form that reads the number when it is submitted: see `PhoneInputHandle`. */
  ref?: Ref<PhoneInputHandle>;
}

export interface PhoneInputHandle {
  /**
   * Reports the result for the number on screen now when one is still due (typing has not paused for long enough),
   * once the full metadata is here; resolves when there is nothing left to report. A submit calls it first, so that it
   * reads the number as it stands, not the one before the last keystrokes.
   */
  reportDue(): Promise<void>;
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
  const parsed = parsePhoneNumberFromString(initialValue, { defaultCountry: country }, phoneMetadata());
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
  ref,
}: PhoneInputProps) {
  const [start] = useState(() => startFrom(defaultCountry, initialValue));
  const [country, setCountry] = useState(start.country);
  const [value, setValue] = useState(start.value);
  // Language is view state: a switch names and sorts the list again and leaves the number and country as they are.
  const countries = listCountries(useLanguage());
  // The number is formatted again with the full metadata once it lands.
  const [metadata, setMetadata] = useState(phoneMetadata);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** A result that fell due before the full metadata had loaded. */
  const due = useRef<{ value: string; country: CountryCode | undefined } | null>(null);
  const current = useRef({ value, country });
  const mounted = useRef(true);
  /** Whether a result is still to come for what is on screen. */
  const resultDue = useRef(false);
  /** Marks the input while a result is still to come for what is on screen, so a test can wait for it. */
  const markResultDue = (isDue: boolean) => {
    resultDue.current = isDue;
    inputRef.current?.toggleAttribute('data-result-due', isDue);
  };

  // The parent may pass a new callback on every render; the pending timer must call the latest one.
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
    current.current = { value, country };
  });

  useEffect(() => {
    if (defaultCountry.trim() !== '' && !toCountryCode(defaultCountry)) {
      console.warn(`[PhoneInput] Country code "${defaultCountry}" is not available; no country is selected.`);
    }
  }, [defaultCountry]);

  const emitNow = (nextValue: string, nextCountry: CountryCode | undefined) => {
    clearTimeout(timer.current);
    const loaded = loadedPhoneValidation();
    if (!loaded) {
      due.current = { value: nextValue, country: nextCountry };
      return;
    }
    due.current = null;
    markResultDue(false);
    onResultRef.current(loaded(nextValue, nextCountry));
  };

  const emitLater = () => {
    clearTimeout(timer.current);
    due.current = null;
    markResultDue(true);
    // What is on screen then: the same number, with its country as the full metadata reads it if that came meanwhile.
    timer.current = setTimeout(() => emitNow(current.current.value, current.current.country), RESULT_DEBOUNCE_MS);
  };

  useImperativeHandle(ref, () => ({
    async reportDue() {
      if (!resultDue.current) return;
      // Not loaded yet: the result comes as the metadata lands (needValidation), or never if it cannot load.
      await loadPhoneValidation().catch(() => undefined);
      if (resultDue.current && mounted.current && loadedPhoneValidation()) {
        emitNow(current.current.value, current.current.country);
      }
    },
  }));

  /** The first keystroke, country pick or restored number starts loading the full metadata. */
  const needValidation = () => {
    if (loadedPhoneValidation()) return;
    loadPhoneValidation().then(
      () => {
        if (!mounted.current) return;
        setMetadata(phoneMetadata());
        // A '+' number's country as the full metadata reads it (a shared calling code such as +1 needs it).
        const { value: nowValue, country: nowCountry } = current.current;
        const fullCountry = countryOfTypedNumber(nowValue, nowCountry);
        setCountry(fullCountry);
        // A result fell due while loading, and nothing has been typed since: it is for what is there now.
        if (due.current) emitNow(nowValue, fullCountry);
      },
      // Not loaded (the connection dropped): no result, so OK stays disabled; the next keystroke tries again.
      () => undefined,
    );
  };

  useEffect(() => {
    mounted.current = true;
    // The dialog's OK button depends on validity, which a restored number must establish without typing.
    if (start.value) {
      needValidation();
      emitNow(start.value, start.country);
    }
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
    // Once, on mount: the functions above change every render but only read refs and module state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [start]);

  const onValueChange = (nextValue = '') => {
    const nextCountry = countryOfTypedNumber(nextValue, country);
    setValue(nextValue);
    setCountry(nextCountry);
    emitLater();
  };

  const onSelectCountry = (nextCountry: CountryCode) => {
    needValidation();
    // A number typed with another country's '+' code keeps only its national part under the new country.
    const nextValue = nextCountry === country ? value : nationalPartOfTypedNumber(value);
    setCountry(nextCountry);
    setValue(nextValue);
    emitNow(nextValue, nextCountry);
    inputRef.current?.focus();
  };

  const format = useMemo(() => createPhoneFormatter(country, metadata), [country, metadata]);
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
    needValidation();
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
