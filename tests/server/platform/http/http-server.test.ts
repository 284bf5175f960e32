import http, { type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../../server/env';
import { startHttpServer, type RunningHttpServer } from '../../../../server/platform/http/http-server';
import { API_KEY, startTestApp, type TestApp } from '../../helpers/test-app';

/** Whatever a test leaves open (servers, client sockets, trickling uploads) is closed after it, pass or fail. */
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const httpEnv = (settings: Record<string, string> = {}) =>
  parseEnv({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', ...settings });

async function serveApp(app: Hono, settings: Record<string, string> = {}): Promise<RunningHttpServer> {
  const running = await startHttpServer({ app, env: httpEnv(settings) });
  cleanups.push(() => {
    running.server.closeAllConnections();
    return new Promise((resolve) => running.server.close(resolve));
  });
  return running;
}

/** An app whose upload route reads the whole body; `arrived` resolves once an upload has begun. */
function uploadApp() {
  let arrive = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const app = new Hono();
  app.post('/upload', async (c) => {
    arrive();
    const body = await c.req.text();
    return c.json({ bytes: body.length });
  });
  app.get('/ping', (c) => c.text('pong'));
  // A body cut off by a timeout or the end of the grace period fails the read: expected here, not worth a stack.
  app.onError((_error, c) => c.text('aborted', 500));
  return { app, arrived };
}

interface Outcome {
  status?: number;
  headers?: IncomingHttpHeaders;
  body?: string;
  error?: string;
}

/** POSTs `bytes` bytes, `chunkSize` at a time every `everyMs`; the outcome is the answer, or how it failed. */
function trickle(port: number, path: string, { bytes, chunkSize, everyMs }: Record<string, number>) {
  const request = http.request({
    host: '127.0.0.1',
    port,
    path,
    method: 'POST',
    agent: new http.Agent({ keepAlive: true }),
    headers: { 'content-type': 'text/plain', 'content-length': String(bytes) },
  });
  const outcome = new Promise<Outcome>((resolve) => {
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body }));
      response.on('error', (error) => resolve({ status: response.statusCode, error: error.message }));
    });
    request.on('error', (error) => resolve({ error: error.message }));
  });
  let sent = 0;
  const timer = setInterval(() => {
    if (request.destroyed) return;
    const size = Math.min(chunkSize!, bytes! - sent);
    request.write('x'.repeat(size));
    sent += size;
    if (sent >= bytes!) {
      clearInterval(timer);
      request.end();
    }
  }, everyMs);
  void outcome.finally(() => clearInterval(timer));
  cleanups.push(() => {
    clearInterval(timer);
    request.destroy();
  });
  return { outcome };
}

/** Whether a new TCP connection to the port is accepted or refused. */
function connect(port: number): Promise<'accepted' | 'refused'> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error),
    );
  });
}

/** A raw keep-alive connection, to hold a connection open and to send exactly what a test needs. */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  socket.on('error', () => undefined);
  cleanups.push(() => socket.destroy());
  let received = '';
  const changed = new Set<() => void>();
  socket.on('data', (chunk: string) => {
    received += chunk;
    for (const wake of changed) wake();
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('close', () => {
    for (const wake of changed) wake();
  });
  return {
    socket,
    closed,
    /** Sends a GET and resolves with the status of its answer, or undefined if the connection closed first. */
    get(path: string): Promise<number | undefined> {
      const start = received.length;
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      return new Promise((resolve) => {
        const check = () => {
          const text = received.slice(start);
          const end = text.indexOf('\r\n\r\n');
          const length = /content-length: (\d+)/i.exec(text)?.[1];
          if (end >= 0 && length !== undefined && text.length >= end + 4 + Number(length)) {
            changed.delete(check);
            resolve(Number(text.slice(9, 12)));
          } else if (socket.destroyed) {
            changed.delete(check);
            resolve(undefined);
          }
        };
        changed.add(check);
      });
    },
  };
}

describe('graceful shutdown', () => {
  it('answers a request in flight with Connection: close, refuses new connections and resolves', async () => {
    const { app, arrived } = uploadApp();
    const running = await serveApp(app, { SHUTDOWN_GRACE_SECONDS: '10' });
    // A browser leaves its connection open after a page load: shutdown must not wait for it to time out.
    const idle = rawConnection(running.port);
    expect(await idle.get('/ping')).toBe(200);
    // 2000 bytes, 200 every 200 ms: about 2 s, most of it after shutdown has begun.
    const upload = trickle(running.port, '/upload', { bytes: 2000, chunkSize: 200, everyMs: 200 });
    await arrived;

    const stopped = running.shutdown();
    expect(await connect(running.port)).toBe('refused');
    await idle.closed;
    const answer = await upload.outcome;
    expect(answer).toMatchObject({ status: 200, body: JSON.stringify({ bytes: 2000 }) });
    expect(answer.headers?.connection).toBe('close');
    await stopped;
  });

  it('cuts what still runs when the grace period ends, and resolves', async () => {
    const { app, arrived } = uploadApp();
    const running = await serveApp(app, { SHUTDOWN_GRACE_SECONDS: '1' });
    // A megabyte, 10 bytes every 100 ms: it would take hours.
    const upload = trickle(running.port, '/upload', { bytes: 1_000_000, chunkSize: 10, everyMs: 100 });
    await arrived;

    await running.shutdown();
    const answer = await upload.outcome;
    expect(answer.status).toBeUndefined();
    expect(answer.error).toBeDefined();
  });
});

describe('slow and excess connections', () => {
  it('answers 408 (or closes) a body trickled slower than the request timeout', { timeout: 20_000 }, async () => {
    const { app, arrived } = uploadApp();
    const running = await serveApp(app, { REQUEST_TIMEOUT_SECONDS: '1', HEADERS_TIMEOUT_SECONDS: '1' });
    const upload = trickle(running.port, '/upload', { bytes: 1_000_000, chunkSize: 1, everyMs: 250 });
    await arrived;
    const answer = await upload.outcome;
    expect(answer.status === 408 || (answer.status === undefined && answer.error !== undefined)).toBe(true);
  });

  it('closes a connection whose headers never end', { timeout: 20_000 }, async () => {
    const { app } = uploadApp();
    const running = await serveApp(app, { REQUEST_TIMEOUT_SECONDS: '2', HEADERS_TIMEOUT_SECONDS: '1' });
    const slow = rawConnection(running.port);
    let answer = '';
    slow.socket.on('data', (chunk: string) => (answer += chunk));
    const started = performance.now();
    slow.socket.write('GET /ping HTTP/1.1\r\nHost: localhost\r\n');
    let header = 0;
    const timer = setInterval(() => !slow.socket.destroyed && slow.socket.write(`X-Slow-${header++}: 1\r\n`), 250);
    cleanups.push(() => clearInterval(timer));
    await slow.closed;
    clearInterval(timer);
    // Closed by the server's own timeouts (1 s for headers, 2 s for the request), long before the test's, and the
    // request never reached the app: at most a 408, never its answer.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('refuses a connection beyond the cap while the others are served', async () => {
    const { app } = uploadApp();
    const running = await serveApp(app, { MAX_CONNECTIONS: '2' });
    const first = rawConnection(running.port);
    const second = rawConnection(running.port);
    expect(await first.get('/ping')).toBe(200);
    expect(await second.get('/ping')).toBe(200);

    const third = rawConnection(running.port);
    expect(await third.get('/ping')).toBeUndefined();
    expect(await first.get('/ping')).toBe(200);
    expect(await second.get('/ping')).toBe(200);
  });
});

describe('the headers every answer carries, over HTTP', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('are the security headers, the request id and no-store, unless the route names its own', async () => {
    t = await startTestApp('pglite');
    const running = await serveApp(t.app);
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${running.url}${path}`, { headers: { 'x-api-key': API_KEY, ...headers } });
    const [health, vehicles, missing, docs] = await Promise.all([
      get('/api/health', { 'x-request-id': 'trace-42' }),
      get('/api/vehicles'),
      get('/api/no-such-route'),
      get('/api/docs'),
    ]);
    for (const res of [health, vehicles, missing, docs]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      // PUBLIC_URL is https in the test app.
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
      expect(res.headers.get('x-request-id')).toMatch(/^[\w.:-]+$/);
    }
    expect(health.headers.get('x-request-id')).toBe('trace-42');
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(health.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(vehicles.headers.get('cache-control')).toBe('public, max-age=3600');
    // The API reference's own policy, with its inline script's hash, rather than the app's.
    expect(docs.headers.get('content-security-policy')).toContain("'sha256-");
    expect(health.headers.get('content-security-policy')).not.toContain("'sha256-");
    expect(docs.headers.get('cache-control')).not.toBe('no-store');
  });
});

describe('a request body over the limit', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  const payload = 'x'.repeat(64 * 1024);
  const headers = { 'content-type': 'application/json', 'x-api-key': API_KEY };
  const chunked = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < payload.length; offset += 8192) {
          controller.enqueue(new TextEncoder().encode(payload.slice(offset, offset + 8192)));
        }
        controller.close();
      },
    });

  async function outcome(send: () => Promise<Response>) {
    try {
      const response = await send();
      const body = (await response.json()) as { error?: { code?: string } };
      return { status: response.status, connection: response.headers.get('connection'), code: body.error?.code };
    } catch (error) {
      return { error: String((error as Error).cause ?? error) };
    }
  }

  it('is answered 413 with Connection: close, and the client can read it', async () => {
    t = await startTestApp('pglite');
    const running = await serveApp(t.app);
    const url = `${running.url}/api/surveys`;
    const outcomes = [];
    for (let i = 0; i < 20; i++) {
      outcomes.push(await outcome(() => fetch(url, { method: 'POST', headers, body: payload })));
    }
    for (let i = 0; i < 20; i++) {
      outcomes.push(
        await outcome(() => fetch(url, { method: 'POST', headers, body: chunked(), duplex: 'half' } as RequestInit)),
      );
    }
    const expected = { status: 413, connection: 'close', code: 'payload_too_large' };
    expect(outcomes).toEqual(Array.from({ length: 40 }, () => expected));
  });

  it('is answered once the client has sent it all, however slowly, then closed without a reset', async () => {
    t = await startTestApp('pglite');
    const running = await serveApp(t.app);
    // A phone on a slow network: the head at once, the body 8 KiB at a time.
    const socket = net.connect(running.port, '127.0.0.1');
    cleanups.push(() => socket.destroy());
    socket.setEncoding('utf8');
    let received = '';
    let error: string | undefined;
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code ?? failure.message));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.on('connect', resolve));
    socket.write(
      `POST /api/surveys HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${API_KEY}\r\n` +
        `content-type: application/json\r\ncontent-length: ${payload.length}\r\n\r\n`,
    );
    let sent = 0;
    while (sent < payload.length && socket.writable) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      if (!socket.writable) break;
      socket.write(payload.slice(sent, sent + 8192));
      sent += 8192;
    }
    await closed;
    expect({ sent, error, status: received.slice(9, 12) }).toEqual({
      sent: payload.length,
      error: undefined,
      status: '413',
    });
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
  });
});
