import autocannon, { type RawRequest } from 'autocannon';
import { percentile } from './stats';

export interface LoadTestOptions {
  /** Full URL of the first request; `path`, `method`, `headers` and `body` of it may be overridden by `next`. */
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  durationSeconds: number;
  /** Stop after this many requests (or `durationSeconds`, whichever comes first). */
  amount?: number;
  /** Gives each request its own body, e.g. a fresh registration id. */
  nextBody?: () => string;
}

export interface LoadTestResult {
  /** Answers with a 2xx status. */
  ok: number;
  non2xx: number;
  errors: number;
  seconds: number;
  /** 2xx answers per second over the whole run. */
  rps: number;
  /** Latency of 2xx answers, with the sub-millisecond precision autocannon's own histogram rounds away. */
  p50Ms: number;
  p99Ms: number;
  statusCodes: Record<string, number>;
}

/** One autocannon run on loopback, without its progress bar; bounded by duration even when `amount` is set. */
export function loadTest(options: LoadTestOptions): Promise<LoadTestResult> {
  const latencies: number[] = [];
  const setupRequest = options.nextBody
    ? (request: RawRequest): RawRequest => ({ ...request, body: options.nextBody!() })
    : undefined;
  return new Promise((resolve, reject) => {
    let stopTimer: NodeJS.Timeout | undefined;
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        pipelining: 1,
        timeout: 10,
        ...(options.amount === undefined ? { duration: options.durationSeconds } : { amount: options.amount }),
        requests: [
          {
            method: options.method ?? 'GET',
            headers: options.headers ?? {},
            ...(options.body === undefined ? {} : { body: options.body }),
            ...(setupRequest ? { setupRequest } : {}),
          },
        ],
      },
      (error, result) => {
        clearTimeout(stopTimer);
        if (error) return reject(error);
        const statusCodes = Object.fromEntries(
          Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
        );
        resolve({
          ok: result['2xx'],
          non2xx: result.non2xx,
          errors: result.errors,
          seconds: result.duration,
          rps: result['2xx'] / result.duration,
          p50Ms: percentile(latencies, 50),
          p99Ms: percentile(latencies, 99),
          statusCodes,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, ms) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
    });
    if (options.amount !== undefined) stopTimer = setTimeout(() => instance.stop(), options.durationSeconds * 1000);
  });
}
