import { expect, it } from 'vitest';
import { countsBySite } from '../../../../src/console/dashboard/components/counts-by-site';

const NAMES: Record<string, string> = { '7': 'Naperville', '12': 'Evanston', '1': 'Oak Park' };
const nameOf = (siteId: string) => NAMES[siteId] ?? `Site ${siteId}`;
const categories = ['damage', 'staff', 'other'] as const;

it('makes one row per site with a count per category, the most counted sites first, and each category’s total', () => {
  const entries = [
    { siteId: '12', cause: 'staff' as const, cases: 1 },
    { siteId: '7', cause: 'damage' as const, cases: 2 },
    { siteId: '7', cause: 'other' as const, cases: 1 },
    { siteId: '1', cause: 'damage' as const, cases: 1 },
  ];
  expect(
    countsBySite(
      entries,
      categories,
      (entry) => entry.cause,
      (entry) => entry.cases,
      nameOf,
    ),
  ).toEqual({
    rows: [
      { siteId: '7', name: 'Naperville', counts: [2, 0, 1] },
      // One each: by name.
      { siteId: '12', name: 'Evanston', counts: [0, 1, 0] },
      { siteId: '1', name: 'Oak Park', counts: [1, 0, 0] },
    ],
    totals: [3, 1, 1],
  });
});

it('has no row and zero totals for no counts', () => {
  expect(
    countsBySite(
      [],
      categories,
      () => 'damage',
      () => 1,
      nameOf,
    ),
  ).toEqual({ rows: [], totals: [0, 0, 0] });
});
