import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedbackQuery } from '../../../../src/domain/feedback';
import type { Database } from '../../../../server/platform/db/client';
import { customers, registrations, surveys } from '../../../../server/platform/db/schema';
import { feedbackThemes, listFeedback } from '../../../../server/features/feedback/list-feedback';
import { customerRow } from '../../helpers/customer-row';
import { EMBEDDED_ONLY, openTestDatabase } from '../../helpers/test-database';

const member = (id: string, siteId: string, firstName: string, lastName: string) => ({
  id,
  siteId,
  firstName,
  lastName,
});
const MEMBERS = [member('c7', '7', 'Dana', 'Whitfield'), member('c9', '9', 'Sam', 'Other')];

/** One survey per recommend score from 0 to 10, a day apart; the site-9 member answered once. */
const SURVEYS = [
  ...Array.from({ length: 11 }, (_, score) => ({
    id: `s${String(score).padStart(2, '0')}`,
    customerId: 'c7',
    recommendToOthersScore: score,
    createdAt: new Date(Date.parse('2026-04-01T00:00:00Z') + score * 86_400_000),
  })),
  { id: 'x9', customerId: 'c9', recommendToOthersScore: 9, createdAt: new Date('2026-04-11T00:00:00Z') },
  // No score and no comment: an empty survey (decision 038), stored and never listed.
  { id: 'e0', customerId: 'c7', recommendToOthersScore: 0, createdAt: new Date('2026-04-05T12:00:00Z') },
];

/** What a few members wrote; the rest wrote "About <id>", which mentions no theme. */
const COMMENTS: Record<string, string> = {
  s03: 'Waited forever in line.',
  s05: 'La espera fue larga y el empleado, grosero.',
  s06: '¡Me rayaron la puerta!',
  x9: 'Friendly staff.',
  e0: '',
};

describe.each(EMBEDDED_ONLY)('the feedback list on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    for (const m of MEMBERS) {
      await database.db
        .insert(registrations)
        .values({ id: `r-${m.id}`, mobileNumber: '+12015550143', saleDate: new Date(), siteId: m.siteId });
      await database.db.insert(customers).values(
        customerRow({
          id: m.id,
          registrationId: `r-${m.id}`,
          mobileNumber: '+12015550143',
          firstName: m.firstName,
          lastName: m.lastName,
        }),
      );
    }
    await database.db
      .insert(surveys)
      .values(SURVEYS.map((survey) => ({ ...survey, comments: COMMENTS[survey.id] ?? `About ${survey.id}` })));
  });
  afterAll(() => database.close());

  const list = (query: Partial<FeedbackQuery> = {}, sites: 'all' | string[] = 'all') =>
    listFeedback(database.db, sites, { limit: 50, ...query });
  const ids = async (query: Partial<FeedbackQuery> = {}, sites: 'all' | string[] = 'all') =>
    (await list(query, sites)).results.map((entry) => entry.id);

  it('lists surveys newest first, ties by id, with the member and site', async () => {
    const page = await list();
    expect(page.nextCursor).toBeNull();
    expect(page.results.map((entry) => entry.id)).toEqual([
      'x9',
      's10',
      's09',
      's08',
      's07',
      's06',
      's05',
      's04',
      's03',
      's02',
      's01',
      's00',
    ]);
    expect(page.results[0]).toEqual({
      id: 'x9',
      createdAt: '2026-04-11T00:00:00.000Z',
      scores: { recommendToOthersScore: 9, washQualityScore: 0, cleanlinessScore: 0, serviceScore: 0, valueScore: 0 },
      comments: 'Friendly staff.',
      band: 'promoter',
      memberId: 'c9',
      memberName: 'Sam Other',
      siteId: '9',
      themes: ['staff'],
    });
    expect(page.results.find((entry) => entry.id === 's05')!.themes).toEqual(['staff', 'wait_time']);
    expect(page.results.find((entry) => entry.id === 's04')!.themes).toEqual([]);
  });

  it('leaves out a survey with no score and no comment, and lists one with a comment and no score', async () => {
    const day = await list({ from: '2026-04-01', to: '2026-04-05' });
    expect(day.results.map((entry) => entry.id)).toEqual(['s04', 's03', 's02', 's01', 's00']);
    expect(day.results.at(-1)).toMatchObject({ band: null, comments: 'About s00' });
  });

  it('pages by key', async () => {
    const first = await list({ limit: 3 });
    expect(first.results.map((entry) => entry.id)).toEqual(['x9', 's10', 's09']);
    const next = await list({ limit: 3, after: first.nextCursor! });
    expect(next.results.map((entry) => entry.id)).toEqual(['s08', 's07', 's06']);
    const third = await list({ limit: 3, after: next.nextCursor! });
    expect(third.results.map((entry) => entry.id)).toEqual(['s05', 's04', 's03']);
    const last = await list({ limit: 3, after: third.nextCursor! });
    expect(last).toEqual({
      results: [
        expect.objectContaining({ id: 's02' }),
        expect.objectContaining({ id: 's01' }),
        expect.objectContaining({ id: 's00' }),
      ],
      nextCursor: null,
    });
  });

  it('filters by the bands the dashboard counts; 0 is in none', async () => {
    expect(await ids({ band: 'promoter' })).toEqual(['x9', 's10', 's09']);
    expect(await ids({ band: 'passive' })).toEqual(['s08', 's07']);
    expect(await ids({ band: 'detractor' })).toEqual(['s06', 's05', 's04', 's03', 's02', 's01']);
  });

  it("narrows to the caller's sites and to whole UTC days", async () => {
    expect(await ids({ band: 'promoter' }, ['7'])).toEqual(['s10', 's09']);
    expect(await ids({}, ['9'])).toEqual(['x9']);
    expect(await ids({ from: '2026-04-10', to: '2026-04-10' })).toEqual(['s09']);
    expect(await ids({ from: '2026-04-10' }, ['7'])).toEqual(['s10', 's09']);
    expect(await ids({ to: '2026-04-02' })).toEqual(['s01', 's00']);
  });

  it('filters by a theme the comments mention, with the other filters, a full page at a time', async () => {
    expect(await ids({ theme: 'wait_time' })).toEqual(['s05', 's03']);
    expect(await ids({ theme: 'staff' })).toEqual(['x9', 's05']);
    expect(await ids({ theme: 'damage' })).toEqual(['s06']);
    expect(await ids({ theme: 'billing_membership' })).toEqual([]);
    expect(await ids({ theme: 'staff', band: 'detractor' })).toEqual(['s05']);
    expect(await ids({ theme: 'staff' }, ['7'])).toEqual(['s05']);
    const first = await list({ theme: 'staff', limit: 1 });
    expect(first).toEqual({ results: [expect.objectContaining({ id: 'x9' })], nextCursor: expect.any(String) });
    const next = await list({ theme: 'staff', limit: 1, after: first.nextCursor! });
    expect(next).toEqual({ results: [expect.objectContaining({ id: 's05' })], nextCursor: null });
  });

  it('splits each theme by who said it, and each count is what the list shows filtered by its theme and band', async () => {
    const { themes } = await feedbackThemes(database.db, 'all', {});
    expect(themes).toEqual([
      { theme: 'staff', surveys: 2, promoters: 1, passives: 0, detractors: 1 },
      { theme: 'wait_time', surveys: 2, promoters: 0, passives: 0, detractors: 2 },
      { theme: 'damage', surveys: 1, promoters: 0, passives: 0, detractors: 1 },
    ]);
    const listed = await Promise.all(
      themes.flatMap((entry) =>
        (['promoter', 'passive', 'detractor'] as const).map(
          async (band) => (await ids({ theme: entry.theme, band })).length,
        ),
      ),
    );
    expect(listed).toEqual(themes.flatMap((entry) => [entry.promoters, entry.passives, entry.detractors]));
    expect((await feedbackThemes(database.db, ['9'], {})).themes).toEqual([
      { theme: 'staff', surveys: 1, promoters: 1, passives: 0, detractors: 0 },
    ]);
    expect((await feedbackThemes(database.db, 'all', { from: '2026-04-12' })).themes).toEqual([]);
  });
});
