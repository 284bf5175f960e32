import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { registrations } from '../../server/db/schema';
import { issueRegistration } from '../../server/registrations/issue-registration';
import { hashToken } from '../../server/lib/tokens';
import { SALE } from './fixtures';

export interface RawLookup {
  /** The primary lookup of GET /api/registration-tokens/:token, as bare SQL on the engine's own client. */
  lookup: () => Promise<unknown>;
  close: () => Promise<void>;
}

/** Same statement as the route's (all columns, by the unique token_hash), without drizzle, Hono or HTTP. */
const LOOKUP_SQL = 'select * from registrations where token_hash = $1';

const ISSUE_OPTIONS = { publicUrl: 'http://127.0.0.1', tokenTtlDays: 30 };

/** Migrates and seeds the database through the server's own code, answering the seeded code's hash. */
async function seed(options: { databaseUrl?: string; dataDir: string }): Promise<string> {
  const database = await openDatabase(options);
  try {
    const issued = await issueRegistration(database.db, SALE, ISSUE_OPTIONS);
    return hashToken(issued.token);
  } finally {
    await database.close();
  }
}

/** A PGlite database on disk like the server's (`openDatabase` on a temp dir), queried in this process. */
export async function openPgliteLookup(dataDir: string): Promise<RawLookup> {
  const hash = await seed({ dataDir });
  const client = await PGlite.create(dataDir);
  return { lookup: () => client.query(LOOKUP_SQL, [hash]), close: () => client.close() };
}

/**
 * The same PGlite database through the server's own drizzle query, still in this process: the step between the bare
 * engine and the HTTP route, which shows how much of the gap the query layer takes.
 */
export async function openDrizzlePgliteLookup(dataDir: string): Promise<RawLookup> {
  const hash = await seed({ dataDir });
  const database = await openDatabase({ dataDir });
  return {
    lookup: () => database.db.select().from(registrations).where(eq(registrations.tokenHash, hash)),
    close: () => database.close(),
  };
}

/** The PostgreSQL at `databaseUrl` through a `pg` pool of 10, the server's own pool size. */
export async function openPostgresLookup(databaseUrl: string): Promise<RawLookup> {
  const hash = await seed({ databaseUrl, dataDir: 'memory://' });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  return { lookup: () => pool.query(LOOKUP_SQL, [hash]), close: () => pool.end() };
}
