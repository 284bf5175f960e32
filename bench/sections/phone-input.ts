import type { CountryCode } from 'libphonenumber-js/max';
import { metadataDifferences } from '../lib/phone-metadata-agreement';
import { phoneKeystroke, replaceKeystroke, timeTyping } from '../lib/phone-keystroke';
import type { SectionContext } from '../lib/section-context';
import { median, percentile } from '../lib/stats';
import { formatRatio, printTable, verdict } from '../lib/table';

/**
 * 16 digits each, typed as a customer would at home: a real national mobile number, then digits past it up to one
 * more than the field takes (docs/spec.md §9: 15), so every keystroke of a too-long number is in the sample too.
 */
const NUMBERS: { country: CountryCode; digits: string; nationalLength: number }[] = [
  { country: 'US', digits: '2015550143987654', nationalLength: 10 },
  { country: 'GB', digits: '0740012345698765', nationalLength: 11 },
  { country: 'FR', digits: '0612345678987654', nationalLength: 10 },
  { country: 'DE', digits: '0151234567899876', nationalLength: 12 },
  { country: 'IN', digits: '9876543210987654', nationalLength: 10 },
];
const WARM_UP_REPETITIONS = 100;
const REPETITIONS = 400;

const formatUs = (ms: number) => `${(ms * 1000).toFixed(2)} µs`;

/** Part 4: as-you-type formatting cost per keystroke, against a plain replace() sanitise in the same run. */
export async function runPhoneInputSection(context: SectionContext): Promise<void> {
  const { budget, log } = context;
  const target = budget.phoneInput.maxMedianMsPerKeystroke;
  const rows: string[][] = [];
  const allPhone: number[] = [];
  const allBaseline: number[] = [];
  const shown: string[] = [];

  for (const { country, digits, nationalLength } of NUMBERS) {
    log(`  ${country}: ${REPETITIONS} × ${digits.length} keystrokes`);
    const keystroke = phoneKeystroke(country);
    const scratch: number[] = [];
    for (let rep = 0; rep < WARM_UP_REPETITIONS; rep++) {
      timeTyping(keystroke, digits, scratch);
      timeTyping(replaceKeystroke, digits, scratch);
    }
    const phone: number[] = [];
    const baseline: number[] = [];
    // Interleaved repetitions, so that a noisy moment of the machine hits both alike.
    for (let rep = 0; rep < REPETITIONS; rep++) {
      timeTyping(keystroke, digits, phone);
      timeTyping(replaceKeystroke, digits, baseline);
    }
    const national = timeTyping(keystroke, digits.slice(0, nationalLength), scratch).text;
    const final = timeTyping(keystroke, digits, scratch).text;
    shown.push(`${country}: after ${nationalLength} digits "${national}", after all 16 "${final}"`);
    allPhone.push(...phone);
    allBaseline.push(...baseline);
    rows.push(row(country, phone, baseline, target));
    // Let the event loop breathe between countries (progress lines, timers of other sections' leftovers).
    await new Promise((resolve) => setImmediate(resolve));
  }
  rows.push(row('all five', allPhone, allBaseline, target));

  const timer: number[] = [];
  for (let index = 0; index < 10_000; index++) {
    const started = performance.now();
    timer.push(performance.now() - started);
  }
  printTable(
    'Phone input — as-you-type cost per keystroke (16 digits typed one by one, 5 countries)',
    ['Country', 'Median', 'p99', 'Baseline median', 'Baseline p99', 'Ratio (median)', 'Target', 'Verdict'],
    rows,
    [
      `${REPETITIONS} typings per country after ${WARM_UP_REPETITIONS} of warm-up; each keystroke timed alone with performance.now().`,
      'Keystroke: sanitise + input-format parse (parsePhoneCharacter) + format (createPhoneFormatter / AsYouType) + country check + the re-render format.',
      'Baseline: the same text through one String.prototype.replace(/\\D/g, "") per keystroke.',
      `Timer overhead included in both: median ${formatUs(median(timer))} per timed call.`,
      ...shown,
    ],
  );

  // Not a timing: the min metadata shown before the full one lands must format every prefix alike.
  const differences = metadataDifferences();
  log(`  min and max phone metadata: ${differences.length} prefixes formatted differently`);
  if (differences.length > 0) throw new Error(`min and max metadata differ:\n${differences.slice(0, 20).join('\n')}`);
}

function row(label: string, phone: number[], baseline: number[], target: number): string[] {
  const phoneMedian = median(phone);
  const baselineMedian = median(baseline);
  return [
    label,
    formatUs(phoneMedian),
    formatUs(percentile(phone, 99)),
    formatUs(baselineMedian),
    formatUs(percentile(baseline, 99)),
    formatRatio(phoneMedian / baselineMedian),
    `≤ ${target} ms (${target * 1000} µs)`,
    verdict(phoneMedian <= target),
  ];
}
