import { issueCodes } from '../lib/admin-client';
import { layoutShifts } from '../lib/layout-shifts';
import { launchChrome, measurePageLoad, type PageLoadMetrics } from '../lib/lighthouse-run';
import { launchChromium } from '../lib/route-scripts';
import type { SectionContext } from '../lib/section-context';
import { startServer } from '../lib/server-process';
import { startStaticServer } from '../lib/static-server';
import { median } from '../lib/stats';
import { formatMs, formatRatio, printTable, verdict } from '../lib/table';
import { makeTempDir } from '../lib/temp-dir';

const RUNS = 3;
/** Lighthouse sometimes loses its trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is retried, not counted. */
const ATTEMPTS_PER_RUN = 3;

async function measureWithRetry(
  chrome: Parameters<typeof measurePageLoad>[0],
  url: string,
  log: (message: string) => void,
): Promise<PageLoadMetrics> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measurePageLoad(chrome, url);
    } catch (error) {
      if (attempt >= ATTEMPTS_PER_RUN) throw error;
      log(`    attempt ${attempt} failed, retrying: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** Each metric's own median; the diagnostics of the run with the median LCP. */
function medianOf(runs: PageLoadMetrics[]): PageLoadMetrics {
  const of = (pick: (metrics: PageLoadMetrics) => number) => median(runs.map(pick));
  const lcpMs = of((m) => m.lcpMs);
  return {
    lcpMs,
    fcpMs: of((m) => m.fcpMs),
    tbtMs: of((m) => m.tbtMs),
    cls: of((m) => m.cls),
    score: of((m) => m.score),
    diagnostics: runs.find((m) => m.lcpMs === lcpMs)?.diagnostics ?? [],
  };
}

/** Lighthouse shows CLS with three decimals; "0" means it rounds to 0.000. */
const formatCls = (cls: number) => cls.toFixed(3);
const roundedCls = (cls: number) => Math.round(cls * 1000) / 1000;

/** Part 2: Lighthouse mobile on `/?id=CODE` from the real server, against the baseline page, in the same run. */
export async function runPageLoadSection(context: SectionContext): Promise<void> {
  const { budget, cleanup, log, shared } = context;
  const targets = budget.pageLoad;

  // startServer builds dist/ first when a source changed, as npm start does: the page is today's code.
  log('  starting the server (node dist/server/main.js) and the baseline page');
  const server = await startServer({ dataDir: `${makeTempDir('page-data', cleanup)}/data` });
  cleanup.add(server.stop);
  const [issued] = await issueCodes(server.url, 1);
  const baselineServer = await startStaticServer(await shared.baseline());
  cleanup.add(baselineServer.close);
  const chrome = await launchChrome();
  cleanup.add(() => chrome.kill());

  const pages = { app: `${server.url}/?id=${issued!.token}`, baseline: `${baselineServer.url}/` };
  const runs: Record<keyof typeof pages, PageLoadMetrics[]> = { app: [], baseline: [] };
  for (let run = 1; run <= RUNS; run++) {
    // Interleaved, so that a noisy moment of the machine hits both pages alike.
    for (const page of ['app', 'baseline'] as const) {
      log(`  Lighthouse run ${run}/${RUNS}: ${page}`);
      runs[page].push(await measureWithRetry(chrome, pages[page], log));
    }
  }
  chrome.kill();
  const app = medianOf(runs.app);
  const baseline = medianOf(runs.baseline);

  log('  layout shifts of /?id=CODE (Playwright, mobile viewport)');
  const browser = await launchChromium();
  cleanup.add(() => browser.close());
  const shifts = await layoutShifts(browser, pages.app);

  const lcpRatio = app.lcpMs / baseline.lcpMs;
  printTable(
    `Page load — Lighthouse mobile, median of ${RUNS} runs: /?id=CODE (npm start) vs the baseline page`,
    ['Figure', '/?id=CODE', 'Baseline', 'Ratio', 'Target', 'Verdict'],
    [
      [
        'LCP',
        formatMs(app.lcpMs, 0),
        formatMs(baseline.lcpMs, 0),
        formatRatio(lcpRatio),
        `≤ ${formatRatio(targets.maxLcpRatioToBaseline)}`,
        verdict(lcpRatio <= targets.maxLcpRatioToBaseline),
      ],
      [
        'TBT',
        formatMs(app.tbtMs, 0),
        formatMs(baseline.tbtMs, 0),
        baseline.tbtMs > 0 ? formatRatio(app.tbtMs / baseline.tbtMs) : '—',
        `≤ ${targets.maxTbtMs} ms`,
        verdict(app.tbtMs <= targets.maxTbtMs),
      ],
      [
        'CLS',
        formatCls(app.cls),
        formatCls(baseline.cls),
        '—',
        `${targets.maxCls}`,
        verdict(roundedCls(app.cls) <= targets.maxCls),
      ],
      [
        'Performance score',
        app.score.toFixed(2),
        baseline.score.toFixed(2),
        formatRatio(app.score / baseline.score),
        `≥ ${targets.minScore}`,
        verdict(app.score >= targets.minScore),
      ],
      [
        'FCP (context)',
        formatMs(app.fcpMs, 0),
        formatMs(baseline.fcpMs, 0),
        formatRatio(app.fcpMs / baseline.fcpMs),
        '—',
        '—',
      ],
    ],
    [
      'Lighthouse 12 defaults: mobile screen, simulated slow 4G and 4× CPU slowdown; each figure is the median of its own runs.',
      `LCP per run: /?id=CODE ${runs.app.map((m) => Math.round(m.lcpMs)).join(', ')} ms; baseline ${runs.baseline.map((m) => Math.round(m.lcpMs)).join(', ')} ms.`,
      'Both pages served uncompressed, as the app server serves its assets.',
      'What Lighthouse says holds /?id=CODE back (median-LCP run):',
      ...app.diagnostics.map((line) => `  ${line}`),
      `Layout shifts of /?id=CODE (${shifts.length}):`,
      ...(shifts.length > 0 ? shifts : ['none']).map((line) => `  ${line}`),
    ],
  );
}
