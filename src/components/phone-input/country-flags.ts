/**
 * Flag image URLs by file name ("./US.svg"). Each flag is its own file, emitted by Vite into our own assets and
 * fetched by the browser only when shown: `?url` keeps the SVG markup out of the JS chunk, and `no-inline` stops Vite
 * from turning the small ones (most are under its 4 KB inline limit) into data: URLs that would land in the JS after
 * all. `[A-Z][A-Z]` skips the region flags (GB-SCT, ES-CT…) that no calling code uses. This map is the module's only
 * work at import time.
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a file pattern Vite reads at build time, not a text
const FLAG_URLS: Record<string, string> = import.meta.glob<string>('./[A-Z][A-Z].svg', {
  base: '/node_modules/country-flag-icons/3x2',
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

/** Width and height (3:2) the flags are drawn at, so the layout does not shift while they load. */
export const FLAG_WIDTH = 24;
export const FLAG_HEIGHT = 16;

export function flagUrl(countryCode: string): string | undefined {
  return FLAG_URLS[`./${countryCode}.svg`];
}
