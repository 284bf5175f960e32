import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { startBuiltAppServer } from '../lib/built-app-server';
import { brotliSize, gzipSize } from '../lib/compressed-size';
import { launchChromium, scriptsLoadedBy } from '../lib/route-scripts';
import type { SectionContext } from '../lib/section-context';
import { contributorsOf } from '../lib/source-map-contributors';
import { startStaticServer } from '../lib/static-server';
import { formatKb, formatRatio, printTable, verdict } from '../lib/table';
import { makeTempDir } from '../lib/temp-dir';
import { buildApp } from '../lib/vite-build';

interface Route {
  /** As the budget and the tables name it. */
  label: string;
  path: (token: string) => string;
  /** Visible once the route is usable. */
  ready: string;
}

const ROUTES: Route[] = [
  { label: '/?id=CODE', path: (token) => `/?id=${token}`, ready: 'form[aria-label="Membership profile"]' },
  { label: '/', path: () => '/', ready: 'input[type="tel"]' },
  { label: '/thank-you', path: () => '/thank-you', ready: 'h1' },
  { label: '/survey', path: () => '/survey', ready: 'h1' },
];

const CONTRIBUTORS_SHOWN = 10;

interface Weight {
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

/** Sizes of the files behind the fetched script URLs, each compressed on its own as a server would send it. */
function weigh(urls: string[], dir: string, cache: Map<string, Omit<Weight, 'files'>>): Weight {
  const weight: Weight = { files: [], raw: 0, gzip: 0, brotli: 0 };
  for (const url of urls) {
    const file = join(dir, new URL(url).pathname);
    let sizes = cache.get(file);
    if (!sizes) {
      const data = readFileSync(file);
      sizes = { raw: data.length, gzip: gzipSize(data), brotli: brotliSize(data) };
      cache.set(file, sizes);
    }
    weight.files.push(file);
    weight.raw += sizes.raw;
    weight.gzip += sizes.gzip;
    weight.brotli += sizes.brotli;
  }
  return weight;
}

/** Minified bytes (and gzip of each on its own) per package or app folder, summed over `files`. */
function contributorsOfFiles(files: string[]): Map<string, { bytes: number; gzipBytes: number }> {
  const merged = new Map<string, { bytes: number; gzipBytes: number }>();
  for (const file of files) {
    for (const { name, bytes, gzipBytes } of contributorsOf(file)) {
      const sum = merged.get(name) ?? { bytes: 0, gzipBytes: 0 };
      merged.set(name, { bytes: sum.bytes + bytes, gzipBytes: sum.gzipBytes + gzipBytes });
    }
  }
  return merged;
}

function printContributors(title: string, files: string[], inBaseline: Set<string>): void {
  const contributors = [...contributorsOfFiles(files)].sort(([, a], [, b]) => b.bytes - a.bytes);
  const total = contributors.reduce((sum, [, { bytes }]) => sum + bytes, 0);
  const share = (bytes: number) => `${((bytes / total) * 100).toFixed(1)}%`;
  const rows = contributors
    .slice(0, CONTRIBUTORS_SHOWN)
    .map(([name, { bytes, gzipBytes }]) => [
      name,
      formatKb(bytes),
      share(bytes),
      formatKb(gzipBytes),
      inBaseline.has(name) && !name.startsWith('(') ? 'yes' : '',
    ]);
  const rest = contributors.slice(CONTRIBUTORS_SHOWN);
  if (rest.length > 0) {
    const restBytes = rest.reduce((sum, [, { bytes }]) => sum + bytes, 0);
    rows.push([`(${rest.length} more)`, formatKb(restBytes), share(restBytes), '', '']);
  }
  printTable(
    `${title} — ${formatKb(total)} minified in ${files.length} file(s): ${files.map((file) => basename(file)).join(', ')}`,
    ['Package or app folder', 'Minified', 'Share', 'gzip alone', 'In baseline'],
    rows,
  );
}

/** Part 1: first-load JavaScript of each route against a bare React 19 + Vite page built in the same run. */
export async function runBundleSection(context: SectionContext): Promise<void> {
  const { budget, cleanup, log, shared } = context;
  log('  building the app and the baseline (vite build, hidden source maps)');
  const appDir = makeTempDir('app-build', cleanup);
  await buildApp(appDir);
  const baselineDir = await shared.baseline();

  const app = await startBuiltAppServer(appDir);
  cleanup.add(app.close);
  const baselineServer = await startStaticServer(baselineDir);
  cleanup.add(baselineServer.close);
  const browser = await launchChromium();
  cleanup.add(() => browser.close());

  const cache = new Map<string, Omit<Weight, 'files'>>();
  log('  loading the baseline and each route in headless Chromium');
  const baseline = weigh(await scriptsLoadedBy(browser, `${baselineServer.url}/`, 'h1'), baselineDir, cache);
  const routes = new Map<string, Weight>();
  for (const route of ROUTES) {
    const urls = await scriptsLoadedBy(browser, `${app.url}${route.path(app.token)}`, route.ready);
    routes.set(route.label, weigh(urls, appDir, cache));
  }

  const rows: string[][] = [];
  for (const [label, weight] of routes) {
    const target = budget.bundle.maxRatioToBaseline[label];
    const gzipRatio = weight.gzip / baseline.gzip;
    const brotliRatio = weight.brotli / baseline.brotli;
    rows.push([
      label,
      String(weight.files.length),
      formatKb(weight.raw),
      formatKb(weight.gzip),
      formatKb(weight.brotli),
      formatRatio(gzipRatio),
      formatRatio(brotliRatio),
      target === undefined ? '—' : `≤ ${formatRatio(target)}`,
      verdict(target === undefined ? undefined : gzipRatio <= target && brotliRatio <= target),
    ]);
  }
  rows.push([
    'baseline (React 19 hello)',
    String(baseline.files.length),
    formatKb(baseline.raw),
    formatKb(baseline.gzip),
    formatKb(baseline.brotli),
    formatRatio(1),
    formatRatio(1),
    '—',
    '—',
  ]);
  for (const [label, chunk] of Object.entries(budget.bundle.mustNotLoadChunk)) {
    const loaded = routes.get(label)?.files.some((file) => basename(file).startsWith(`${chunk}-`)) ?? false;
    rows.push([`${label} loads ${chunk} chunk?`, loaded ? 'yes' : 'no', '', '', '', '', '', 'no', verdict(!loaded)]);
  }
  printTable(
    'Bundle — first-load JavaScript per route (gzip -9 and brotli q11, each file on its own)',
    ['Route', 'Files', 'Raw', 'gzip', 'brotli', 'gzip ratio', 'brotli ratio', 'Target', 'Verdict'],
    rows,
    [
      `Baseline: bench/baseline (React 19 createRoot "hello"), same Vite ${await viteVersion()} and @vitejs/plugin-react.`,
      'Ratio: route over baseline; the verdict needs both ratios within the target.',
      ...[...routes].map(([label, weight]) => `${label}: ${weight.files.map((file) => basename(file)).join(', ')}`),
    ],
  );

  // Where the bytes come from, by source map: the home route with a code, then what the phone dialog adds to it.
  const inBaseline = new Set(contributorsOfFiles(baseline.files).keys());
  const withCode = routes.get('/?id=CODE')?.files ?? [];
  const phoneExtra = (routes.get('/')?.files ?? []).filter((file) => !withCode.includes(file));
  printContributors('Bundle — biggest contributors to the /?id=CODE first load', withCode, inBaseline);
  if (phoneExtra.length > 0) printContributors('Bundle — what / (phone dialog) adds', phoneExtra, inBaseline);
}

async function viteVersion(): Promise<string> {
  const { version } = await import('vite');
  return version;
}
