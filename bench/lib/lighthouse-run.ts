import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';
import { withTimeout } from './with-timeout';

export interface PageLoadMetrics {
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** The total of the mainthread-work-breakdown audit: script, style, layout, paint, parsing… on the main thread. */
  mainThreadMs: number;
  /** Tasks of 50 ms or more on the main thread (the long-tasks audit's list). */
  longTasks: number;
  /** Lighthouse performance score, 0 to 1. */
  score: number;
  /** What Lighthouse says holds the page back: its opportunities and diagnostics, one line each. */
  diagnostics: string[];
}

/** The audits that explain a slow load, with the metric time Lighthouse estimates each would save. */
const DIAGNOSTIC_AUDITS = [
  'uses-text-compression',
  'unused-javascript',
  'render-blocking-resources',
  'bootup-time',
  'mainthread-work-breakdown',
  'long-tasks',
];

/** The rows of an audit's table (long-tasks lists one per task); NaN when the audit gave none. */
function itemCount(details: unknown): number {
  if (typeof details !== 'object' || details === null || !('items' in details)) return Number.NaN;
  return Array.isArray(details.items) ? details.items.length : Number.NaN;
}

export function launchChrome(): Promise<LaunchedChrome> {
  return launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'error' });
}

/**
 * How Lighthouse slows the load to a phone's on slow 4G. `simulate` (its default) loads the page at full speed and
 * estimates each metric from that load's dependency graph; `devtools` slows the network and the CPU in the browser
 * itself and reads the metrics off the load. Decision 016 says why the bench needs both.
 */
export type Throttling = 'simulate' | 'devtools';

/**
 * One Lighthouse run, performance category only, with Lighthouse's default mobile profile (Moto G Power screen, slow
 * 4G, 4× CPU slowdown) applied as `throttling` says, storage cleared before the page loads.
 */
export async function measurePageLoad(
  chrome: LaunchedChrome,
  url: string,
  throttling: Throttling = 'simulate',
): Promise<PageLoadMetrics> {
  const result = await withTimeout(
    lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      throttlingMethod: throttling,
    }),
    120_000,
    `Lighthouse on ${url}`,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  keepReport(lhr, url, throttling);
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse on ${url} did not measure ${id}`);
    return value;
  };
  return {
    lcpMs: metric('largest-contentful-paint'),
    fcpMs: metric('first-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    mainThreadMs: metric('mainthread-work-breakdown'),
    longTasks: itemCount(lhr.audits['long-tasks']?.details),
    score: lhr.categories.performance?.score ?? Number.NaN,
    diagnostics: DIAGNOSTIC_AUDITS.flatMap((id) => {
      const audit = lhr.audits[id];
      if (!audit?.displayValue) return [];
      const savings = Object.entries(audit.metricSavings ?? {})
        .filter(([, ms]) => typeof ms === 'number' && ms > 0)
        .map(([name, ms]) => `${name} −${Math.round(ms as number)} ms`);
      return [`${audit.title}: ${audit.displayValue}${savings.length > 0 ? ` (est. ${savings.join(', ')})` : ''}`];
    }),
  };
}

/** With BENCH_LIGHTHOUSE_DIR set, each run's full report is kept there as JSON, to read where the time went. */
function keepReport(lhr: object, url: string, throttling: Throttling): void {
  const dir = process.env.BENCH_LIGHTHOUSE_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const page = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-') || 'root';
  writeFileSync(join(dir, `${Date.now()}-${throttling}${page}.json`), JSON.stringify(lhr));
}
