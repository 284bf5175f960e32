import { runApiSection } from './sections/api';
import { runBundleSection } from './sections/bundle';
import { runPageLoadSection } from './sections/page-load';
import { runOperatorSection } from './sections/operator';
import { runIntegrationsSection } from './sections/integrations';
import { runPhoneInputSection } from './sections/phone-input';
import { loadBudget } from './lib/budget';
import { rowsOverBudget } from './lib/table';
import { CleanupStack } from './lib/cleanup-stack';
import type { SectionContext, SharedBuilds } from './lib/section-context';
import { makeTempDir } from './lib/temp-dir';
import { buildBaseline } from './lib/vite-build';
import { withTimeout } from './lib/with-timeout';

interface Section {
  name: string;
  title: string;
  /** The most a section may take before it is stopped and reported as failed. */
  timeoutSeconds: number;
  run: (context: SectionContext) => Promise<void>;
}

const SECTIONS: Section[] = [
  { name: 'bundle', title: '1. Bundle', timeoutSeconds: 180, run: runBundleSection },
  { name: 'page', title: '2. Page load (Lighthouse)', timeoutSeconds: 600, run: runPageLoadSection },
  { name: 'api', title: '3. API', timeoutSeconds: 720, run: runApiSection },
  { name: 'phone', title: '4. Phone input', timeoutSeconds: 120, run: runPhoneInputSection },
  { name: 'operator', title: '5. Operator console', timeoutSeconds: 420, run: runOperatorSection },
  { name: 'integrations', title: '6. Integrations', timeoutSeconds: 420, run: runIntegrationsSection },
];

const ALIASES: Record<string, string> = { 'page-load': 'page', lighthouse: 'page', 'phone-input': 'phone' };

/** `[--check] [section…]`, in any order; undefined for anything else. */
function parseArgs(args: string[]): { check: boolean; sections: Section[] } | undefined {
  const check = args.includes('--check');
  const names = args.filter((arg) => arg !== '--check').map((arg) => ALIASES[arg] ?? arg);
  if (names.some((name) => !SECTIONS.some((section) => section.name === name))) return undefined;
  return {
    check,
    sections: names.length === 0 ? SECTIONS : SECTIONS.filter((section) => names.includes(section.name)),
  };
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

async function main(): Promise<number> {
  const parsed = parseArgs(process.argv.slice(2));
  if (!parsed) {
    console.error(`usage: npm run bench [-- [--check] [${SECTIONS.map((section) => section.name).join(' ')}]]`);
    return 2;
  }
  const { check, sections: selected } = parsed;
  const budget = loadBudget();
  const runCleanup = new CleanupStack();
  let baseline: Promise<string> | undefined;
  const shared: SharedBuilds = {
    baseline: () => {
      baseline ??= (async () => {
        const outDir = makeTempDir('baseline-build', runCleanup);
        await buildBaseline(outDir);
        return outDir;
      })();
      return baseline;
    },
  };
  const started = performance.now();
  const log = (message: string) => console.error(`[${seconds(started).padStart(5)}] ${message}`);

  let current: CleanupStack | undefined;
  const interrupted = () => {
    void (current?.run() ?? Promise.resolve()).then(() => runCleanup.run()).finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  const failed: string[] = [];
  console.log(`Club Profile benchmarks — ${new Date().toISOString()} — Node ${process.version}`);
  for (const section of selected) {
    const cleanup = new CleanupStack();
    current = cleanup;
    const sectionStarted = performance.now();
    console.log(`\n== ${section.title} ==`);
    try {
      await withTimeout(section.run({ budget, cleanup, shared, log }), section.timeoutSeconds * 1000, section.title);
    } catch (error) {
      failed.push(section.name);
      console.log(`  ✗ could not run: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await cleanup.run();
    }
    log(`  (${section.name} took ${seconds(sectionStarted)})`);
  }
  await runCleanup.run();
  console.log(
    `\nTotal time: ${seconds(started)}.${failed.length > 0 ? ` Sections that failed: ${failed.join(', ')}.` : ''}`,
  );
  const over = rowsOverBudget();
  console.log(over.length > 0 ? `Over budget (${over.length}):` : 'Every verdict printed is within budget.');
  for (const row of over) console.log(`  ✗ ${row}`);
  // A report, not a test: over budget exits 0 unless --check asked for a verdict; a section that could not run at
  // all fails the command either way.
  return failed.length > 0 || (check && over.length > 0) ? 1 : 0;
}

// Explicit exit: PGlite, Chromium and autocannon helpers may leave handles that would otherwise keep Node alive.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
