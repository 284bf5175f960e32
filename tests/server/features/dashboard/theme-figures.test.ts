import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardFigures } from '../../../../server/features/dashboard/dashboard-figures';
import type { Database } from '../../../../server/platform/db/client';
import { seedRespondent } from '../../helpers/seed-cases';
import { DRIVERS, openTestDatabase } from '../../helpers/test-database';

const november = { from: '2026-11-01', to: '2026-11-30' };

describe.each(DRIVERS)('the dashboard’s themes by site on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    let n = 0;
    const survey = (r: { site: string; on: string; comments: string; manual?: boolean; recommend?: number }) =>
      seedRespondent(database, ++n, { ...r, at: `${r.on}T09:00:00`, recommend: r.recommend ?? 5 });
    // Who said it: a detractor (3), a promoter (9), a passive (7), and one who left the question unanswered (0).
    await survey({
      site: '7',
      on: '2026-11-02',
      comments: 'The brushes scratched my mirror and nobody helped.',
      recommend: 3,
    });
    await survey({ site: '7', on: '2026-11-03', comments: 'Me rayaron la puerta.', recommend: 9 });
    await survey({
      site: '7',
      on: '2026-11-04',
      comments: 'Waited 20 minutes in line, too expensive for that.',
      recommend: 7,
    });
    await survey({ site: '7', on: '2026-11-05', comments: '' });
    await survey({ site: '12', on: '2026-11-06', comments: 'Tardaron mucho, una espera de media hora.', recommend: 0 });
    await survey({ site: '12', on: '2026-11-07', comments: 'Great, thanks!' });
    // Outside the range, and a sign-up without a code: in no figure of the dashboard.
    await survey({ site: '12', on: '2026-10-31', comments: 'Scratched my bumper.' });
    await survey({ site: '12', on: '2026-12-01', comments: 'Scratched my bumper.' });
    await survey({ site: '0', on: '2026-11-08', comments: 'Scratched my bumper.', manual: true });
  });
  afterAll(() => database.close());

  it('counts the range’s surveys that mention each theme, by site, in English and Spanish alike', async () => {
    const { themes } = await dashboardFigures(database.db, { sites: 'all', site: null }, november);
    const none = { promoters: 0, passives: 0, detractors: 0 };
    expect(themes).toEqual([
      // Unanswered: counted in the theme, in none of its bands.
      { siteId: '12', theme: 'wait_time', surveys: 1, ...none },
      { siteId: '7', theme: 'damage', surveys: 2, ...none, promoters: 1, detractors: 1 },
      // The brushes are equipment as well as what scratched the mirror.
      { siteId: '7', theme: 'equipment', surveys: 1, ...none, detractors: 1 },
      { siteId: '7', theme: 'price_value', surveys: 1, ...none, passives: 1 },
      { siteId: '7', theme: 'wait_time', surveys: 1, ...none, passives: 1 },
    ]);
  });

  it('keeps to the sites asked for', async () => {
    const { themes } = await dashboardFigures(database.db, { sites: ['12'], site: '12' }, november);
    expect(themes).toEqual([
      { siteId: '12', theme: 'wait_time', surveys: 1, promoters: 0, passives: 0, detractors: 0 },
    ]);
  });
});
