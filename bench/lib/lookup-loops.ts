import { percentile } from './stats';

export interface LoopResult {
  ok: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * `concurrency` loops calling `query` back to back for `durationSeconds`, each call timed with performance.now():
 * the in-process counterpart of an autocannon run with as many connections. A query answering `false` has run out
 * of work (fresh registrations, say): that call is not counted and the loops stop early.
 */
export async function runLookupLoops(
  query: () => Promise<unknown>,
  options: { durationSeconds: number; concurrency: number },
): Promise<LoopResult> {
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + options.durationSeconds * 1000;
  let exhausted = false;
  const loop = async () => {
    while (!exhausted && performance.now() < end) {
      const before = performance.now();
      if ((await query()) === false) exhausted = true;
      else latencies.push(performance.now() - before);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  return {
    ok: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}
