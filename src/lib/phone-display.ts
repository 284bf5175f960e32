import { useEffect, useState } from 'react';

/** A NANP number in E.164, as libphonenumber writes it nationally: (201) 555-0143. */
const NANP = /^\+1([2-9]\d{2})([2-9]\d{2})(\d{4})$/;

export function quickNational(e164: string): string | null {
  const match = NANP.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : null;
}

/**
 * docs/spec.md §4: the mobile number in national format, raw when it cannot be formatted. North American numbers (the
 * operator's customers) are formatted at once; others wait for libphonenumber, loaded only then, so the first
 * page load does not carry its metadata.
 */
export function useNationalNumber(e164: string): string {
  const quick = quickNational(e164);
  const [formatted, setFormatted] = useState<{ for: string; text: string } | null>(null);
  useEffect(() => {
    if (quick) return;
    let current = true;
    void import('../domain/phone').then(({ formatNational }) => {
      if (current) setFormatted({ for: e164, text: formatNational(e164) });
    });
    return () => {
      current = false;
    };
  }, [e164, quick]);
  return quick ?? (formatted?.for === e164 ? formatted.text : e164);
}
