import { Agent, request } from 'node:http';
import type { LoadTestResult } from './load-test';
import { percentile } from './stats';

/**
 * GET requests at an even pace (one every 1000/rate ms, not waiting for answers), so that latency is measured without
 * a queue of the client's own making. autocannon's rate option sends each second's requests in one burst, which
 * queues them at the server and measures the burst instead.
 */
export async function pacedRequests(options: {
  url: string;
  headers: Record<string, string>;
  ratePerSecond: number;
  durationSeconds: number;
}): Promise<LoadTestResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  const total = Math.round(options.ratePerSecond * options.durationSeconds);
  const interval = 1000 / options.ratePerSecond;
  const pending: Promise<void>[] = [];

  const send = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const outgoing = request(options.url, { agent, headers: options.headers, timeout: 10_000 }, (response) => {
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          statusCodes[status] = (statusCodes[status] ?? 0) + 1;
          if (status >= 200 && status < 300) latencies.push(performance.now() - started);
          resolve();
        });
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
      outgoing.on('error', () => {
        errors += 1;
        resolve();
      });
      outgoing.end();
    });

  const start = performance.now();
  for (let index = 0; index < total; index++) {
    const wait = start + index * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send());
  }
  await Promise.all(pending);
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  const ok = latencies.length;
  return {
    ok,
    non2xx: Object.entries(statusCodes).reduce((sum, [code, count]) => sum + (code.startsWith('2') ? 0 : count), 0),
    errors,
    seconds,
    rps: ok / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    statusCodes,
  };
}
