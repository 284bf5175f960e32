import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The status this receiver answered. */
  answered: number;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** The next `times` requests are answered with `status` (then 200 again). */
  failNext: (status: number, times: number) => void;
  /** Resolves once `ready(received)` holds, polling; rejects after `timeoutMs`. */
  waitFor: (ready: (received: ReceivedWebhook[]) => boolean, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
}

/** A receiver on 127.0.0.1 that records every request and answers 200, or what it was told to. */
export async function startWebhookReceiver(port = 0, options: { delayMs?: number } = {}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let failures: { status: number; left: number } = { status: 200, left: 0 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answered = failures.left > 0 ? failures.status : 200;
      if (failures.left > 0) failures.left -= 1;
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        answered,
      });
      setTimeout(() => response.writeHead(answered, { 'content-type': 'text/plain' }).end('ok'), options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}/hooks`,
    port: actualPort,
    received,
    failNext: (status, times) => {
      failures = { status, left: times };
    },
    waitFor: async (ready, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!ready(received)) {
        if (Date.now() > deadline)
          throw new Error(`The receiver got ${received.length} requests, not what was awaited`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export { freePort } from '../../../../support/free-port';
