import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../../server/platform/db/client';
import { findRegistration } from '../../server/features/registrations/find-registration';
import { issueRegistration } from '../../server/features/registrations/issue-registration';
import { hashToken } from '../../server/platform/values/tokens';
import { SALE } from './fixtures';

export interface RawLookup {
  /** The primary lookup of GET /api/registration-tokens/:token, as bare SQL on the engine's own client. */
  lookup: () => Promise<unknown>;
  close: () => Promise<void>;
}

/** Same statement as the route's (all columns, by the unique token_hash), without drizzle, Hono or HTTP. */
const LOOKUP_SQL = 'select * from registrations where token_hash = $1';

const ISSUE_OPTIONS = { publicUrl: 'http://127.0.0.1', tokenTtlDays: 30 };

/** Migrates and seeds the database through the server's own code, answering the seeded code. */
async function seed(options: { databaseUrl?: string; dataDir: string }): Promise<string> {
  const database = await openDatabase(options);
  try {
    return (await issueRegistration(database.db, SALE, ISSUE_OPTIONS)).token;
  } finally {
    await database.close();
  }
}

/** A PGlite database on disk like the server's (`openDatabase` on a temp dir), queried in this process. */
export async function openPgliteLookup(dataDir: string): Promise<RawLookup> {
  const hash = hashToken(await seed({ dataDir }));
  const client = await PGlite.create(dataDir);
  return { lookup: () => client.query(LOOKUP_SQL, [hash]), close: () => client.close() };
}

/**
 * The same PGlite database through the route's own lookup (`findRegistration`: its prepared drizzle statement and the
 * answer's mapping), still in this process: the step between the bare engine and the HTTP route, which shows how
 * much of the gap the query layer takes.
 */
export async function openDrizzlePgliteLookup(dataDir: string): Promise<RawLookup> {
  const token = await seed({ dataDir });
  const database = await openDatabase({ dataDir });
  return {
    lookup: () => findRegistration(database.db, token),
    close: () => database.close(),
  };
}

/** The PostgreSQL at `databaseUrl` through a `pg` pool of 10, the server's own pool size. */
export async function openPostgresLookup(databaseUrl: string): Promise<RawLookup> {
  const hash = hashToken(await seed({ databaseUrl, dataDir: 'memory://' }));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  return { lookup: () => pool.query(LOOKUP_SQL, [hash]), close: () => pool.end() };
}
