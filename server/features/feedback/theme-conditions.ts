import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { themeAlternation, THEMES, type Theme } from '../../../src/domain/themes';

/**
 * `normaliseComment` (src/domain/themes.ts) in SQL, step for step: decompose (NFD), drop the combining accents,
 * lowercase, typographic apostrophes as typed ones and hyphens as spaces. `normalize` is the same Unicode
 * algorithm as JavaScript's, so the two agree on every letter, not only the Spanish ones a `translate` list would
 * name; it needs a UTF-8 database, which PGlite is and `initdb` makes by default.
 */
export const normalisedComment = (column: AnyColumn | SQL): SQL =>
  sql`translate(lower(regexp_replace(normalize(${column}, NFD), ${'[\\u0300-\\u036f]'}, '', 'g')), ${'’‘-'}, ${"'' "})`;

/**
 * Each theme's pattern, compiled from the word list once: PostgreSQL's `\m` is the start of a word (what precedes
 * is no letter, digit or underscore), as `themesOf`'s look-behind is.
 */
const PATTERNS = Object.fromEntries(THEMES.map((theme) => [theme, `\\m${themeAlternation(theme)}`])) as Record<
  Theme,
  string
>;

/**
 * True where the text in `column` mentions `theme`, exactly as `themesOf` would say: the feedback list filters by
 * it in the database, so a page holds as many surveys as it should, and the dashboard counts themes per site with
 * it (`count(*) filter (where …)`). The pattern is a bound parameter, never SQL text.
 */
export const mentionsTheme = (column: AnyColumn | SQL, theme: Theme): SQL =>
  sql`${normalisedComment(column)} ~ ${PATTERNS[theme]}`;
