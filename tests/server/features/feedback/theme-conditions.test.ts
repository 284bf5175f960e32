import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/platform/db/client';
import { mentionsTheme, normalisedComment } from '../../../../server/features/feedback/theme-conditions';
import { normaliseComment, themesOf, themeWords, THEMES, type Theme } from '../../../../src/domain/themes';
import { THEME_COMMENTS } from '../../../fixtures/theme-comments';
import { DRIVERS, openTestDatabase } from '../../helpers/test-database';

/** Words at the edges of "the start of a word", where JavaScript's `\b` and PostgreSQL's `\m` would part. */
const EDGES = [
  'unscratched',
  'x_scratch',
  '3scratch',
  'øscratch',
  '(scratch)',
  '"Rayón"',
  '¿rayón?',
  'SCRATCH—dent',
  'rayo\u0301n',
  'Ærayon',
  'didn’t work',
  "didn't work",
  'rip-off',
  'tab\tscratch',
  'line\nwait',
];

describe.each(DRIVERS)('the themes in SQL on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(() => database.close());

  /** The themes the database finds in `comment`, in THEMES order. */
  async function themesInSql(comment: string): Promise<Theme[]> {
    const text = sql`${comment}::text`;
    const found = sql.join(
      THEMES.map((theme) => sql`case when ${mentionsTheme(text, theme)} then ${theme}::text end`),
      sql`, `,
    );
    const result = await database.db.execute(sql`select concat_ws(',', ${found}) as themes`);
    const [row] = (result as { rows: { themes: string }[] }).rows;
    return row!.themes ? (row!.themes.split(',') as Theme[]) : [];
  }

  it('finds in every comment of the corpus what themesOf finds', async () => {
    for (const { comment, themes } of THEME_COMMENTS) {
      expect(await themesInSql(comment), comment).toEqual(themes);
    }
  });

  it('agrees with themesOf at the edges of a word', async () => {
    for (const comment of EDGES) {
      expect(await themesInSql(comment), comment).toEqual(themesOf(comment));
    }
  });

  it('finds every word of the list in its theme', async () => {
    for (const theme of THEMES) {
      for (const word of themeWords(theme)) {
        expect(await themesInSql(word), word).toContain(theme);
      }
    }
  });

  it('normalises a comment as the domain does', async () => {
    const comment = 'Rayón en el BAÑO, pingüino; ÁÉÍÓÚÜÑ àâäãèêëìîïòôöõùûç, rayo\u0301n, didn’t, rip-off';
    const result = await database.db.execute(sql`select ${normalisedComment(sql`${comment}::text`)} as text`);
    expect((result as { rows: { text: string }[] }).rows[0]!.text).toBe(normaliseComment(comment));
  });
});
