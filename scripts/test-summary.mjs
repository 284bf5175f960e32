// Totals the Vitest and Playwright JSON reports into the one line CI reads: "N passed, N failed".
// A failing step that leaves no report (typecheck, lint) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

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
if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
