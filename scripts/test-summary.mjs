// Totals the Vitest and Playwright JSON reports into the one line CI reads: "N passed, N failed", after the ten
// slowest files of each, so the next jump in the suite's time shows where it came from.
// A failing step that leaves no report (typecheck, lint) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const status = Number(process.argv[2] ?? 0);
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

let passed = 0;
let failed = 0;
const vitest = read('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
const playwright = read('reports/playwright.json');
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
}

/** Prints the ten longest of `[file, milliseconds]`. */
function slowest(title, timings) {
  if (timings.length === 0) return;
  console.log(title);
  for (const [file, ms] of timings.sort((a, b) => b[1] - a[1]).slice(0, 10)) {
    console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${relative(process.cwd(), file)}`);
  }
}
slowest(
  'Slowest Vitest files (each on its own worker, side by side):',
  (vitest?.testResults ?? []).map((file) => [file.name, file.endTime - file.startTime]),
);
/** A browser spec file's time: the sum of its tests' (the workers run them side by side). */
function specTimes(suites, totals = new Map()) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, result) => sum + result.duration, 0);
        totals.set(spec.file, (totals.get(spec.file) ?? 0) + ms);
      }
    }
    specTimes(suite.suites, totals);
  }
  return totals;
}
slowest('Slowest browser spec files (sum of their tests):', [...specTimes(playwright?.suites)]);

if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
