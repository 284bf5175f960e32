import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TwilioRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw form-encoded body. */
  body: string;
}

export interface FakeTwilio {
  /** `http://127.0.0.1:<port>`: what TWILIO_API_BASE points at. */
  url: string;
  requests: TwilioRequest[];
  /** The next `times` requests are answered with `status` and this JSON body instead of a created message. */
  failNext: (status: number, body?: Record<string, unknown>, times?: number) => void;
  close: () => Promise<void>;
}

/** A local stand-in for Twilio's Messages API: records each request, answers as Twilio does (201 and a message). */
export async function startFakeTwilio(port = 0): Promise<FakeTwilio> {
  const requests: TwilioRequest[] = [];
  let failure: { status: number; body: Record<string, unknown>; left: number } | undefined;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      response.setHeader('content-type', 'application/json');
      if (failure && failure.left > 0) {
        failure.left -= 1;
        response.writeHead(failure.status).end(JSON.stringify(failure.body));
        return;
      }
      const form = new URLSearchParams(body);
      response.writeHead(201).end(
        JSON.stringify({
          sid: `SM${randomBytes(16).toString('hex')}`,
          status: 'queued',
          to: form.get('To'),
          from: form.get('From'),
          body: form.get('Body'),
          num_segments: '1',
          direction: 'outbound-api',
          api_version: '2010-04-01',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    requests,
    failNext: (status, body = { code: status, message: 'Failure', status }, times = 1) => {
      failure = { status, body, left: times };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
