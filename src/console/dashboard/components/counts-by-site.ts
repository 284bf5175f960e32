/** A site's row of a table of counts: its name, and one count per category in the categories' order. */
export interface SiteCounts {
  siteId: string;
  name: string;
  counts: number[];
}

/**
 * Counts the server sends one per site and category (a root cause, a theme), as one row per site with a column per
 * category (none counted: 0), the sites with the most first; and each category's total, for the chart.
 */
export function countsBySite<T extends { siteId: string }, K extends string>(
  entries: readonly T[],
  categories: readonly K[],
  categoryOf: (entry: T) => K,
  countOf: (entry: T) => number,
  nameOf: (siteId: string) => string,
): { rows: SiteCounts[]; totals: number[] } {
  const rows = new Map<string, number[]>();
  for (const entry of entries) {
    const counts = rows.get(entry.siteId) ?? categories.map(() => 0);
    counts[categories.indexOf(categoryOf(entry))]! += countOf(entry);
    rows.set(entry.siteId, counts);
  }
  const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);
  return {
    rows: [...rows]
      .map(([siteId, counts]) => ({ siteId, name: nameOf(siteId), counts }))
      .sort((a, b) => sum(b.counts) - sum(a.counts) || a.name.localeCompare(b.name)),
    totals: categories.map((_, index) => sum([...rows.values()].map((counts) => counts[index]!))),
  };
}
