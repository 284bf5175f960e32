import { useMemo } from 'react';
import uPlot from 'uplot';
import type { DashboardFigures } from '../../../domain/dashboard';
import { signed } from '../../format';
import { UplotChart } from './uplot-chart';

const BRAND = '#1971c2';

/** Counts start at 0, and a range of zeros still shows one step. */
const fromZero: uPlot.Range.Function = (_chart, _min, max) => [0, Math.max(1, max)];
const ACCENT = '#c0262d';
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000];

/** Completions (bars) and NPS (a line, its own scale from -100 to 100) for each week of the range. */
export function WeeklyChart({ weeks }: { weeks: DashboardFigures['weeks'] }) {
  const data = useMemo<uPlot.AlignedData>(
    () => [weeks.map((_, index) => index), weeks.map((week) => week.completed), weeks.map((week) => week.nps)],
    [weeks],
  );
  const options = useMemo(
    () => ({
      // One slot per week, labelled by its Monday: a time scale stretches a single week across years.
      scales: {
        x: { time: false, range: [-0.5, weeks.length - 0.5] as uPlot.Range.MinMax },
        y: { range: fromZero },
        nps: { range: [-100, 100] as uPlot.Range.MinMax },
      },
      axes: [
        {
          label: 'Week of',
          splits: () => weeks.map((_, index) => index),
          values: (_: uPlot, ticks: number[]) => ticks.map((tick) => weeks[tick]?.week.slice(5) ?? ''),
        },
        { label: 'Profiles completed' },
        { scale: 'nps', side: 1, label: 'NPS', grid: { show: false } },
      ],
      series: [
        { label: 'Week', value: (_: uPlot, index: number) => weeks[index]?.week ?? '' },
        {
          label: 'Profiles completed',
          stroke: BRAND,
          fill: `${BRAND}33`,
          paths: uPlot.paths.bars!({ size: [0.6, 40] }),
        },
        { label: 'NPS', scale: 'nps', stroke: ACCENT, width: 2, spanGaps: true, points: { size: 8 } },
      ],
    }),
    [weeks],
  );
  return (
    <UplotChart
      options={options}
      data={data}
      summary={`Profiles completed and NPS for each of ${weeks.length} weeks; the table below has the figures.`}
      legend={[
        {
          label: 'Profiles completed (bars), by week',
          color: BRAND,
          values: weeks.map((week) => week.completed).join(', '),
        },
        {
          label: 'NPS (line), by week',
          color: ACCENT,
          values: weeks.map((week) => signed(week.nps)).join(', '),
        },
      ]}
    />
  );
}

/** One bar per label (a site, a root cause), in the order given, for the counts of one figure. */
export function BarChart({
  bars,
  axis,
  figure,
  summary,
}: {
  bars: readonly { label: string; value: number }[];
  /** What the bars are, e.g. "Site". */
  axis: string;
  /** What their height counts, e.g. "Profiles completed". */
  figure: string;
  summary: string;
}) {
  const data = useMemo<uPlot.AlignedData>(() => [bars.map((_, index) => index), bars.map((bar) => bar.value)], [bars]);
  const options = useMemo(
    () => ({
      scales: { x: { time: false, range: [-0.5, bars.length - 0.5] as uPlot.Range.MinMax }, y: { range: fromZero } },
      axes: [
        {
          label: axis,
          splits: () => bars.map((_, index) => index),
          values: (_: uPlot, ticks: number[]) => ticks.map((tick) => bars[tick]?.label ?? ''),
        },
        // Counts: whole steps only, however few there are.
        { label: figure, incrs: WHOLE_STEPS },
      ],
      series: [{}, { label: figure, stroke: BRAND, fill: `${BRAND}66`, paths: uPlot.paths.bars!({ size: [0.6, 60] }) }],
      legend: { show: false },
    }),
    [bars, axis, figure],
  );
  return (
    <UplotChart
      options={options}
      data={data}
      summary={summary}
      legend={[
        {
          label: figure,
          color: BRAND,
          values: bars.map((bar) => `${bar.label} ${bar.value}`).join(', '),
        },
      ]}
    />
  );
}

const SIGN_UP = '#5c940d';
const AFTER_VISIT = '#862e9c';

/**
 * NPS for each week of the range (decision 053): all responses, and the two moments they were asked at, each its
 * own line on the scale from -100 to 100. The three differ by stroke (solid, dashed, dotted) as well as by colour; a
 * week without an answer is a gap the line steps over, and the legend and the table say "—".
 */
export function NpsTrendChart({ weeks }: { weeks: DashboardFigures['scoreWeeks'] }) {
  const data = useMemo<uPlot.AlignedData>(
    () => [
      weeks.map((_, index) => index),
      weeks.map((week) => week.all.nps),
      weeks.map((week) => week.signUp.nps),
      weeks.map((week) => week.afterVisit.nps),
    ],
    [weeks],
  );
  const options = useMemo(
    () => ({
      scales: {
        x: { time: false, range: [-0.5, weeks.length - 0.5] as uPlot.Range.MinMax },
        y: { range: [-100, 100] as uPlot.Range.MinMax },
      },
      axes: [
        {
          label: 'Week of',
          splits: () => weeks.map((_, index) => index),
          values: (_: uPlot, ticks: number[]) => ticks.map((tick) => weeks[tick]?.week.slice(5) ?? ''),
        },
        { label: 'NPS' },
      ],
      series: [
        { label: 'Week', value: (_: uPlot, index: number) => weeks[index]?.week ?? '' },
        { label: 'All', stroke: BRAND, width: 3, spanGaps: true, points: { size: 8 } },
        { label: 'At sign-up', stroke: SIGN_UP, width: 2, dash: [8, 4], spanGaps: true, points: { size: 6 } },
        { label: 'After a visit', stroke: AFTER_VISIT, width: 2, dash: [2, 4], spanGaps: true, points: { size: 6 } },
      ],
    }),
    [weeks],
  );
  const line = (pick: (week: DashboardFigures['scoreWeeks'][number]) => number | null) =>
    weeks.map((week) => signed(pick(week))).join(', ');
  return (
    <UplotChart
      options={options}
      data={data}
      summary={`NPS for each of ${weeks.length} weeks: all surveys, those at sign-up and those after a visit; the table below has the figures.`}
      legend={[
        { label: 'All (solid), by week', color: BRAND, values: line((week) => week.all.nps) },
        { label: 'At sign-up (dashed)', color: SIGN_UP, values: line((week) => week.signUp.nps) },
        { label: 'After a visit (dotted)', color: AFTER_VISIT, values: line((week) => week.afterVisit.nps) },
      ]}
    />
  );
}
