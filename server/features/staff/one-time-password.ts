import { randomInt } from 'node:crypto';

/**
 * The letters and digits of a one-time password: none that reads as another in a sans-serif font or on a till's
 * screen (I, l, 1, O, 0; also o beside 0), since it is read from one screen and typed on another.
 */
export const ONE_TIME_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/**
 * Four groups of four (about 92 bits), joined by hyphens that make it easy to read out and to check: 19 characters,
 * within the password length rule (src/domain/staff.ts).
 */
export function oneTimePassword(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}
