import { Agent, request } from 'node:http';
import { startChildServer, type ChildServer } from './child-server';
import { repoRoot } from './paths';

const BARE_SERVER = `${repoRoot}/bench/lib/bare-server.mjs`;

/** The app's PostgreSQL pool size (server/platform/db/postgres-pool.ts), which the bare lookup's pool matches. */
export const SERVER_POOL_SIZE = 10;

/** A PGlite data directory no other process holds, or a PostgreSQL connection string. */
export type BareDatabase = { dataDir: string } | { databaseUrl: string };

/** `GET /api/registration-tokens/:token` done bare: node:http, SHA-256, the route's SQL, JSON (bare-server.mjs). */
export function startBareLookupServer(database: BareDatabase): Promise<ChildServer> {
  const args =
    'dataDir' in database
      ? ['lookup-pglite', database.dataDir]
      : ['lookup-pg', database.databaseUrl, String(SERVER_POOL_SIZE)];
  // Opening PGlite takes a few seconds, more on a busy machine.
  return startChildServer('bare lookup server', [BARE_SERVER, ...args], { startTimeoutMs: 120_000 });
}

/** One answer as a client received it, byte for byte. */
export interface RecordedAnswer {
  status: number;
  /** Lower-case names, as node:http gives them. */
  headers: Record<string, string>;
  body: Buffer;
  /** The status line and header block as sent, blank line included. */
  headBytes: number;
}

/**
 * One GET with exactly `headers`, as the load test sends them: node:http adds Host and `Connection: keep-alive` as
 * autocannon does, and nothing else (no Accept-Encoding: the body is kept as sent, compressed or not).
 */
export function recordAnswer(url: string, headers: Record<string, string>): Promise<RecordedAnswer> {
  const agent = new Agent({ keepAlive: true });
  return new Promise<RecordedAnswer>((resolve, reject) => {
    const outgoing = request(url, { agent, headers, timeout: 10_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const head = [`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`];
        for (let index = 0; index < response.rawHeaders.length; index += 2) {
          head.push(`${response.rawHeaders[index]}: ${response.rawHeaders[index + 1]}`);
        }
        resolve({
          status: response.statusCode ?? 0,
          headers: Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, String(value)])),
          body: Buffer.concat(chunks),
          headBytes: Buffer.byteLength(`${head.join('\r\n')}\r\n\r\n`),
        });
      });
      response.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`GET ${url} timed out`)));
    outgoing.on('error', reject);
    outgoing.end();
  }).finally(() => agent.destroy());
}

/** The headers that say what the body is; the bare server sends these, its length and nothing else of the app's. */
const BODY_HEADERS = ['content-type', 'content-encoding'];

/** A node:http process answering `answer`'s body, with its content type and encoding, to every request. */
export function startBareBytesServer(answer: RecordedAnswer): Promise<ChildServer> {
  const headers = Object.fromEntries(
    BODY_HEADERS.flatMap((name) => (name in answer.headers ? [[name, answer.headers[name]]] : [])),
  );
  return startChildServer('bare bytes server', [BARE_SERVER, 'bytes', JSON.stringify(headers)], {
    stdin: answer.body,
  });
}
