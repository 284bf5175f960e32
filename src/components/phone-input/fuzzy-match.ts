/** docs/spec.md §9: a search result must score at least this much. */
export const FUZZY_THRESHOLD = 0.75;

/** Fuzzy (typo) matching only for queries this long: "ab" would otherwise match half the world. */
const MIN_FUZZY_QUERY_LENGTH = 3;

/** Lower case, accents off, one space between words: "Côte d’Ivoire" is found by typing "cote". */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+]+/gu, ' ')
    .trim();
}

/** Levenshtein edit distance, two rows at a time. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - editDistance(a, b) / longest;
}

/**
 * How well `query` matches `target`, from 0 to 1. Exact matches score 1, prefixes of the whole text about 0.9, prefixes
 * of a later word about 0.85, other substrings 0.8, and typos (edit-distance similarity against the whole text, each
 * word, and the same-length start of each) at most what they measure, so exact and prefix matches always rank first.
 */
export function fuzzyScore(query: string, target: string): number {
  const q = normalizeForSearch(query);
  const t = normalizeForSearch(target);
  if (q === '' || t === '') return 0;
  if (t === q) return 1;
  // The small length bonus ranks "Germany" above "German Democratic Republic"-style longer names.
  if (t.startsWith(q)) return 0.9 + 0.05 * (q.length / t.length);
  const words = t.split(' ');
  if (words.some((word) => word.startsWith(q))) return 0.85 + 0.04 * (q.length / t.length);
  if (q.length < MIN_FUZZY_QUERY_LENGTH) return 0;
  if (t.includes(q)) return 0.8;

  const candidates = [t, ...words].flatMap((text) => [text, text.slice(0, q.length)]);
  // Cap below the substring score: a typo never outranks text that contains the query as typed.
  return Math.min(0.79, Math.max(...candidates.map((text) => similarity(q, text))));
}
