import { once } from 'node:events';
import { IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { Hono } from 'hono';
import { RETRY_AFTER_SECONDS } from '../db/unavailable';
import type { Env } from '../../env';
import { ApiError } from './api-error';

/**
 * Node enforces `requestTimeout` and `headersTimeout` only when it sweeps its connections, every 30 s by default:
 * a 15 s request timeout would really be up to 45 s.
 */
const TIMEOUT_SWEEP_MS = 1000;

/**
 * How much of a body nobody read (a refused upload) is read and dropped so the connection closes cleanly. Closing a
 * socket with unread data makes the kernel send a reset, which can destroy the answer before the client reads it;
 * past this much, the bandwidth matters more than a clean close.
 */
const MAX_DISCARDED_BYTES = 1024 * 1024;

type App = Pick<Hono, 'fetch'>;

/** Whether this instance should be sent traffic: see `RunningHttpServer.readiness`. */
export type ReadinessState = 'starting' | 'ready' | 'stopping';

export interface Readiness {
  readonly state: ReadinessState;
}

interface HttpServerOptions {
  /** What answers the requests; without it, every request is answered 503 until `serve(app)`. */
  app?: App;
  env: Pick<Env, 'port' | 'host' | 'http'>;
}

export interface RunningHttpServer {
  server: Server;
  port: number;
  /** Where a browser on this machine reaches the server. */
  url: string;
  /**
   * Stops accepting connections, closes idle ones, lets requests in flight finish (their answers say
   * `Connection: close`) for up to `env.http.shutdownGraceMs`, then closes whatever remains. Resolves once every
   * connection is closed; calling it again returns the same promise.
   */
  shutdown: () => Promise<void>;
  /**
   * Starts handing requests to `app`. Until then, every request is answered 503 `unavailable` with Retry-After: the
   * server listens before the database is opened (and migrated, which may take minutes), so that a load balancer
   * asking `/api/ready` hears "not yet" rather than finding the port closed.
   */
  serve: (app: App) => void;
  /**
   * `starting` until there is an app to serve, `ready` from then, `stopping` from the moment `shutdown()` is called
   * (before any connection is drained). `/api/ready` answers 200 only when `ready` (server/features/health).
   */
  readiness: Readiness;
}

/** Listens on `env.port` and `env.host` with the timeouts and connection cap of `env.http`. */
export async function startHttpServer({ app, env }: HttpServerOptions): Promise<RunningHttpServer> {
  const { http } = env;
  let serving = app;
  let state: ReadinessState = app ? 'ready' : 'starting';
  const fetch = async (request: Request, bindings: HttpBindings | Http2Bindings) => {
    const response = serving ? await serving.fetch(request, bindings) : notReady();
    const { incoming } = bindings;
    // An answer given before the body was read (a 413) must wait for the rest of it: see discardBody.
    const bodyRead =
      !(incoming instanceof IncomingMessage) ||
      incoming.complete ||
      (await discardBody(incoming, http.requestTimeoutMs));
    return bodyRead ? response : withHeader(response, 'Connection', 'close');
  };
  const server = createAdaptorServer({
    fetch,
    hostname: env.host,
    serverOptions: {
      requestTimeout: http.requestTimeoutMs,
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeout: Math.min(http.headersTimeoutMs, http.requestTimeoutMs),
      keepAliveTimeout: http.keepAliveTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_SWEEP_MS,
    },
  }) as Server;
  server.maxConnections = http.maxConnections;

  const inFlight = new Set<ServerResponse>();
  let closing = false;
  // One listener of each kind for every answer, rather than two closures (and `once` wrappers) made per request.
  function forget(this: ServerResponse) {
    inFlight.delete(this);
  }
  const closeIdleConnections = () => server.closeIdleConnections();
  // An answer whose headers were already out when shutdown began still said keep-alive: close its connection once
  // it is idle, rather than at the end of the grace period.
  const finished = () => closing && setImmediate(closeIdleConnections);
  // Ahead of the app's listener, so the header is set before any answer can be written. An answer closes and
  // finishes once, so `on` does what `once` did.
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (closing) response.setHeader('Connection', 'close');
    inFlight.add(response);
    response.on('close', forget);
    response.on('finish', finished);
  });

  server.listen(env.port, env.host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  let stopped: Promise<void> | undefined;
  const shutdown = () =>
    (stopped ??= new Promise<void>((resolve) => {
      state = 'stopping';
      closing = true;
      for (const response of inFlight) if (!response.headersSent) response.setHeader('Connection', 'close');
      const cut = setTimeout(() => server.closeAllConnections(), http.shutdownGraceMs);
      // Also closes the idle keep-alive connections (Node 19+).
      server.close(() => {
        clearTimeout(cut);
        resolve();
      });
    }));

  const serve = (next: App) => {
    serving = next;
    if (state === 'starting') state = 'ready';
  };
  const readiness: Readiness = {
    get state() {
      return state;
    },
  };
  return { server, port, url: `http://${browsable(env.host)}:${port}`, shutdown, serve, readiness };
}

/** The answer to every request while there is no app yet (see `serve`). */
function notReady(): Response {
  const body = new ApiError(503, 'unavailable', 'The server is starting. Please try again.').toBody();
  return Response.json(body, {
    status: 503,
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' },
  });
}

/**
 * Reads and drops what is left of a request body the app answered without reading (a refused upload), so the
 * answer is not followed by a reset. Resolves true once the body has ended, false if it was abandoned: too large,
 * too slow, or the connection went away.
 */
function discardBody(incoming: IncomingMessage, timeoutMs: number): Promise<boolean> {
  if (incoming.destroyed || Number(incoming.headers['content-length'] ?? 0) > MAX_DISCARDED_BYTES) {
    return Promise.resolve(false);
  }
  return new Promise((resolve) => {
    let discarded = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      incoming.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > MAX_DISCARDED_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(incoming.complete);
    const timer = setTimeout(() => finish(false), timeoutMs);
    // The web stream the app read the body through pauses the message whenever its own queue is full, and
    // nobody reads that queue any more: without its listener the rest of the body flows here.
    incoming.removeAllListeners('data');
    incoming.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onClose);
    incoming.resume();
  });
}

function withHeader(response: Response, name: string, value: string): Response {
  const headers = new Headers(response.headers);
  headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function browsable(host: string): string {
  if (host === '' || host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
