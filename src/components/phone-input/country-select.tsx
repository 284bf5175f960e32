import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { CountryCode } from 'libphonenumber-js/core';
import { t } from '@lingui/core/macro';
import { useLanguage } from '../../i18n/use-language';
import type { Country } from './countries';
import { searchCountries } from './country-search';
import { FLAG_HEIGHT, FLAG_WIDTH, flagUrl } from './country-flags';
import styles from './phone-input.module.css';
import './phone-input-texts';

/** docs/spec.md §9 list and option heights. Options are full-width rows, so 38 px is well over WCAG 2.5.8's 24 px minimum. */
export const LIST_HEIGHT = 240;
export const OPTION_HEIGHT = 38;
const OPTIONS_PER_PAGE = Math.floor(LIST_HEIGHT / OPTION_HEIGHT);

export interface CountrySelectProps {
  country: CountryCode | undefined;
  countries: readonly Country[];
  /** Called with the chosen country; the caller moves focus on (to the number). */
  onSelect: (country: CountryCode) => void;
  /** The number field, shown beside the button. The popup follows both, so reading and Tab order match the screen. */
  children: ReactNode;
}

function Flag({ code }: { code: CountryCode }) {
  const src = flagUrl(code);
  if (!src) return <span className={styles.flag} aria-hidden="true" />;
  return (
    <img
      className={styles.flag}
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      width={FLAG_WIDTH}
      height={FLAG_HEIGHT}
    />
  );
}

/** Keeps the active option visible without scrolling the page: `scrollIntoView` would also move the dialog. */
function revealOption(list: HTMLElement, index: number, centre: boolean): void {
  const top = index * OPTION_HEIGHT;
  const visible = list.clientHeight || LIST_HEIGHT;
  if (centre) list.scrollTop = Math.max(0, top - (visible - OPTION_HEIGHT) / 2);
  else if (top < list.scrollTop) list.scrollTop = top;
  else if (top + OPTION_HEIGHT > list.scrollTop + visible) list.scrollTop = top + OPTION_HEIGHT - visible;
}

/**
 * The country button and its search popup: a WAI-ARIA 1.2 combobox (the search box) controlling a listbox. The popup
 * renders in place, inside whatever dialog holds the field, so the dialog's focus trap keeps working and nothing needs
 * positioning or a portal.
 */
export function CountrySelect({ country, countries, onSelect, children }: CountrySelectProps) {
  const baseId = useId();
  const popupId = `${baseId}-popup`;
  const listboxId = `${baseId}-listbox`;
  const optionBaseId = `${baseId}-option-`;
  const optionId = (code: CountryCode) => optionBaseId + code;

  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  // The active option by country rather than position, so it stays put when the list is sorted again in another language.
  const [activeCode, setActiveCode] = useState<CountryCode>();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const centreNextReveal = useRef(false);

  // The texts below follow the language shown; `countries` comes already named in it.
  useLanguage();
  const results = useMemo(() => searchCountries(countries, query), [countries, query]);
  const activeIndex = Math.max(
    0,
    results.findIndex((entry) => entry.code === activeCode),
  );
  const active = results[activeIndex];
  const selected = countries.find((entry) => entry.code === country);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const openPopup = () => {
    setQuery('');
    setActiveCode(country);
    centreNextReveal.current = true;
    setOpen(true);
  };

  const choose = (entry: Country) => {
    onSelect(entry.code);
    setOpen(false);
  };

  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

  useLayoutEffect(() => {
    if (!open || !listRef.current) return;
    revealOption(listRef.current, activeIndex, centreNextReveal.current);
    centreNextReveal.current = false;
  }, [open, activeIndex, results]);

  useEffect(() => {
    if (!open) return;
    const isInside = (target: EventTarget | null) =>
      target instanceof Node && (popupRef.current?.contains(target) || buttonRef.current?.contains(target));

    const onPointerDown = (event: PointerEvent) => {
      if (!isInside(event.target)) setOpen(false);
    };
    // The field lives in a Radix Dialog, whose Escape listener is a capture listener on `document`: stopping the event
    // where it is dispatched would be too late. A capture listener on `window` runs before it.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || !popupRef.current?.contains(event.target as Node | null)) return;
      event.stopPropagation();
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('keydown', onKeyDown, { capture: true });
    };
  }, [open]);

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    const move = (to: number) => {
      event.preventDefault();
      if (count > 0) setActiveCode(results[((to % count) + count) % count]?.code);
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(activeIndex + 1);
      case 'ArrowUp':
        return move(activeIndex - 1);
      case 'PageDown':
        return move(Math.min(count - 1, activeIndex + OPTIONS_PER_PAGE));
      case 'PageUp':
        return move(Math.max(0, activeIndex - OPTIONS_PER_PAGE));
      case 'Enter':
        // Never submit the surrounding form from the search box.
        event.preventDefault();
        if (active) choose(active);
        return;
    }
    // Escape is handled by the window listener above; Tab moves focus on as usual and the popup closes on blur.
  };

  // Keep focus in the search box while an option or the list's scrollbar is pressed.
  const keepSearchFocus = (event: MouseEvent) => {
    if (event.target !== searchRef.current) event.preventDefault();
  };

  let buttonLabel: string | undefined;
  if (selected) {
    // Named placeholders, so the translator sees what goes where.
    const { name, callingCode } = selected;
    buttonLabel = t`Country: ${name} +${callingCode}`;
  }

  return (
    <>
      <div className={styles.row}>
        <button
          ref={buttonRef}
          type="button"
          className={styles.countryButton}
          aria-label={buttonLabel}
          aria-expanded={open}
          aria-controls={open ? popupId : undefined}
          // While open, a press on the button must not blur the search box first: the click closes the popup.
          onMouseDown={(event) => {
            if (open) event.preventDefault();
          }}
          onClick={() => (open ? close(true) : openPopup())}
        >
          {selected ? (
            <>
              <Flag code={selected.code} />
              <span className={styles.callingCode}>+{selected.callingCode}</span>
            </>
          ) : (
            <span className={styles.hint}>{t`Choose country`}</span>
          )}
          <span className={styles.chevron} aria-hidden="true" />
        </button>
        {children}
      </div>
      {open && (
        <div
          ref={popupRef}
          id={popupId}
          className={styles.popup}
          onMouseDown={keepSearchFocus}
          onBlur={(event) => {
            if (!popupRef.current?.contains(event.relatedTarget)) setOpen(false);
          }}
        >
          <input
            ref={searchRef}
            className={styles.search}
            type="text"
            role="combobox"
            aria-label={t`Search countries`}
            placeholder={t`Country, code or +1`}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="done"
            aria-expanded="true"
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={active ? optionId(active.code) : undefined}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActiveCode(undefined);
            }}
            onKeyDown={onSearchKeyDown}
          />
          <ul
            ref={listRef}
            id={listboxId}
            role="listbox"
            aria-label={t`Countries`}
            className={styles.list}
            style={{ maxHeight: LIST_HEIGHT }}
          >
            {results.map((entry, index) => (
              <li
                key={entry.code}
                id={optionId(entry.code)}
                role="option"
                aria-selected={index === activeIndex}
                data-active={index === activeIndex || undefined}
                data-current={entry.code === country || undefined}
                className={styles.option}
                style={{ height: OPTION_HEIGHT }}
                onClick={() => choose(entry)}
              >
                <Flag code={entry.code} />
                <span className={styles.optionName}>{entry.name}</span>
                <span className={styles.optionCode}>+{entry.callingCode}</span>
              </li>
            ))}
          </ul>
          <p className={styles.status} role="status">
            {results.length === 0 ? t`No country found` : ''}
          </p>
        </div>
      )}
    </>
  );
}
