// The API section's bare baselines: a node:http process that does a route's own work with nothing else in the way
// (no framework, no middleware, no logging), run by node directly as the compiled server is. One process per
// baseline, in one of three modes:
//
//   node bare-server.mjs lookup-pglite <dataDir>          GET /api/registration-tokens/:token on PGlite
//   node bare-server.mjs lookup-pg <databaseUrl> <pool>   the same on PostgreSQL, through a pg pool of <pool>
//   node bare-server.mjs bytes <headers JSON>             the body read from stdin, with those headers, for any URL
//
// A lookup is the route's work done bare: parse the request, hash the code (SHA-256 hex, as server/platform/values/tokens.ts
// hashToken), run the route's statement, answer the row as the route's JSON. It prints `listening <port>` when ready.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';

const LOOKUP_PATH = '/api/registration-tokens/';
/** The statement the route's drizzle query sends: every column, by the unique token_hash. */
const LOOKUP_SQL = 'select * from registrations where token_hash = $1';

const [mode, ...args] = process.argv.slice(2);
if (!['lookup-pglite', 'lookup-pg', 'bytes'].includes(mode)) throw new Error(`unknown mode ${mode}`);

const iso = (value) => (value instanceof Date ? value.toISOString() : value);
/** A `date` column: pg and PGlite parse it to a Date at local midnight; the route answers `YYYY-MM-DD`. */
const day = (value) =>
  value instanceof Date
    ? `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`
    : (value ?? '');

/** The registration as the route answers it (server/features/registrations/registration-record.ts), for an open code. */
const answerOf = (row, token) => ({
  id: row.id,
  amount: row.amount_cents / 100,
  isCompleted: row.is_completed,
  mobileNumber: row.mobile_number,
  planName: row.plan_name,
  rechargeDate: day(row.recharge_date),
  saleDate: iso(row.sale_date),
  siteId: row.site_id,
  sourceSystem: row.source_system,
  token,
  customerId: row.customer_id,
  isReturningCustomer: row.is_returning_customer,
});

/** Answers `(hash) => rows` and `close`, on the engine the mode names. */
async function openEngine() {
  if (mode === 'lookup-pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(args[0]);
    return { rowsOf: async (hash) => (await db.query(LOOKUP_SQL, [hash])).rows, close: () => db.close() };
  }
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: args[0], max: Number(args[1]) });
  // Named, as the route's statement is: parsed and planned once per pooled connection.
  const statement = { name: 'bare_registration_by_token_hash', text: LOOKUP_SQL };
  return {
    rowsOf: async (hash) => (await pool.query({ ...statement, values: [hash] })).rows,
    close: () => pool.end(),
  };
}

const send = (response, status, body, headers = { 'content-type': 'application/json' }) => {
  response.writeHead(status, { ...headers, 'content-length': body.length });
  response.end(body);
};

async function lookupHandler() {
  const engine = await openEngine();
  const handler = (request, response) => {
    if (request.method !== 'GET' || !request.url.startsWith(LOOKUP_PATH)) {
      return send(response, 404, Buffer.from('{"error":"not_found"}'));
    }
    const token = decodeURIComponent(request.url.slice(LOOKUP_PATH.length));
    const hash = createHash('sha256').update(token).digest('hex');
    engine.rowsOf(hash).then(
      ([row]) =>
        row
          ? send(response, 200, Buffer.from(JSON.stringify(answerOf(row, token))))
          : send(response, 404, Buffer.from('{"error":"not_found"}')),
      (error) => send(response, 500, Buffer.from(JSON.stringify({ error: String(error) }))),
    );
  };
  return { handler, close: engine.close };
}

async function bytesHandler() {
  const headers = JSON.parse(args[0]);
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  return { handler: (_request, response) => send(response, 200, body, headers), close: async () => undefined };
}

const { handler, close } = mode === 'bytes' ? await bytesHandler() : await lookupHandler();
const server = createServer(handler);
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => {
  server.close(() => void close().finally(() => process.exit(0)));
  server.closeIdleConnections();
});
