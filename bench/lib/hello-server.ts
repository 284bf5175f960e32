import { spawn } from 'node:child_process';
import { withTimeout } from './with-timeout';

/** The least an HTTP answer costs in Node: a bare node:http server, in its own process like the app's. */
const HELLO_SERVER = `
const http = require('node:http');
const bytes = Number(process.argv[1] || 0);
const body = bytes > 0 ? JSON.stringify({ hello: 'x'.repeat(Math.max(0, bytes - 12)) }) : JSON.stringify({ hello: 'world' });
const server = http.createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

export interface HelloServer {
  url: string;
  stop: () => Promise<void>;
}

/** `bodyBytes`: answer a JSON body of that size instead of the 17-byte hello (a large answer's own cost). */
export async function startHelloServer(bodyBytes = 0): Promise<HelloServer> {
  const child = spawn(process.execPath, ['-e', HELLO_SERVER, String(bodyBytes)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await withTimeout(
    new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const match = /listening (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', (code) => reject(new Error(`hello server exited (${code})`)));
    }),
    15_000,
    'hello server start',
  );
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await withTimeout(exited, 5000, 'hello server shutdown').catch(() => child.kill('SIGKILL'));
    },
  };
}
