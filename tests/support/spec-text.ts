import { readFileSync } from 'node:fs';

const SPEC = readFileSync(new URL('../../docs/spec.md', import.meta.url), 'utf8');

/**
 * The text of docs/spec.md's list item that starts with `start`, its lines joined: a test compares the code's texts
 * and lists with the spec's, rather than writing them a second time.
 */
export function specItem(start: string): string {
  const from = SPEC.indexOf(`- ${start}`);
  if (from < 0) throw new Error(`docs/spec.md has no item starting "${start}"`);
  const end = SPEC.slice(from + 2).search(/\n(?:- |\n|#)/);
  return SPEC.slice(from + 2, end < 0 ? undefined : from + 2 + end).replace(/\s+/g, ' ');
}

/** The texts an item quotes, in order. */
export const quotedIn = (item: string): string[] => [...item.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
