// `npm run test:mutation [-- group …]`: Stryker over the folders whose logic matters most (decision 023), one run per group, then one score.
// A single run would rerun every test for each static mutant (a schema, a constant: module-level code), and the
// server's suites take seconds each; so each group runs with the tests that exercise it, and the reports merge.
// Incremental: a rerun tests only the mutants whose code or covering tests changed (reports/mutation/<group>.incremental.json).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { GROUPS } from './mutation-groups.mjs';

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in GROUPS));
if (unknown.length > 0) {
  console.error(`Unknown group(s): ${unknown.join(', ')}. Groups: ${Object.keys(GROUPS).join(', ')}`);
  process.exit(2);
}
const names = asked.length > 0 ? asked : Object.keys(GROUPS);
mkdirSync('reports/mutation', { recursive: true });

for (const name of names) {
  const { mutate, tests } = GROUPS[name];
  console.log(`\n== ${name}: ${mutate.join(' ')} (tests: ${tests.join(' ')})`);
  const run = spawnSync('npx', ['stryker', 'run'], { stdio: 'inherit', env: { ...process.env, MUTATION_GROUP: name } });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

/** Stryker's score: detected (killed or timed out) over valid mutants (those plus survived and not covered). */
const DETECTED = new Set(['Killed', 'Timeout']);
const VALID = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);
const merged = { schemaVersion: '2', thresholds: { high: 90, low: 80 }, files: {} };
const rows = [];
for (const name of Object.keys(GROUPS)) {
  const file = `reports/mutation/${name}.json`;
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  Object.assign(merged.files, report.files);
  const mutants = Object.values(report.files).flatMap((entry) => entry.mutants);
  const valid = mutants.filter((mutant) => VALID.has(mutant.status)).length;
  const detected = mutants.filter((mutant) => DETECTED.has(mutant.status)).length;
  rows.push([name, detected, valid]);
}
writeFileSync('reports/mutation/mutation.json', JSON.stringify(merged));
const total = rows.reduce(([, d, v], [, detected, valid]) => ['all', d + detected, v + valid], ['all', 0, 0]);
console.log('\nMutation score (detected / valid mutants):');
for (const [name, detected, valid] of [...rows, total]) {
  const score = valid === 0 ? '-' : `${((100 * detected) / valid).toFixed(1)}%`;
  console.log(`  ${name.padEnd(13)} ${score.padStart(6)}  ${detected} / ${valid}`);
}
