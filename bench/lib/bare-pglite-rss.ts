import { spawn } from 'node:child_process';
import { repoRoot } from './paths';
import { withTimeout } from './with-timeout';

/**
 * A process holding only PGlite: it opens the data directory the server used, runs `lookups` of the route's lookup
 * (ten at a time) on one of its registrations, forces a full GC and prints its RSS, as the server's is measured.
 */
const BARE_PGLITE = `
import { PGlite } from '@electric-sql/pglite';
const [dataDir, lookups] = process.argv.slice(1);
const db = await PGlite.create(dataDir);
const [{ token_hash: hash }] = (await db.query('select token_hash from registrations where token_hash is not null limit 1')).rows;
let left = Number(lookups);
const loop = async () => { while (left-- > 0) await db.query('select * from registrations where token_hash = $1', [hash]); };
await Promise.all(Array.from({ length: 10 }, loop));
globalThis.gc();
await new Promise((resolve) => setTimeout(resolve, 1000));
console.log('rss ' + process.memoryUsage().rss);
await db.close();
`;

/** RSS in bytes of a bare PGlite on `dataDir` (which no other process may hold) after `lookups` lookups. */
export async function barePgliteRss(dataDir: string, lookups: number): Promise<number> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--input-type=module', '-e', BARE_PGLITE, dataDir, `${lookups}`],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await withTimeout(
    new Promise<number | null>((resolve) => child.once('exit', resolve)),
    180_000,
    'bare PGlite',
  );
  const match = /rss (\d+)/.exec(output);
  if (code !== 0 || !match) throw new Error(`bare PGlite exited ${code}: ${output}`);
  return Number(match[1]);
}
