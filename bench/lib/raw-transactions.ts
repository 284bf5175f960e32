import { PGlite } from '@electric-sql/pglite';
import type { Logger as DrizzleLogger } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as v from 'valibot';
import { customerSchema } from '../../src/domain/customer';
import { completeProfile } from '../../server/features/customers/complete-profile';
import { openDatabase } from '../../server/platform/db/client';
import * as schema from '../../server/platform/db/schema';
import { issueRegistration } from '../../server/features/registrations/issue-registration';
import { newId } from '../../server/platform/values/tokens';
import { customerBody, SALE } from './fixtures';
import { runLookupLoops, type LoopResult } from './lookup-loops';

interface Statement {
  text: string;
  params: unknown[];
}

const ISSUE_OPTIONS = { publicUrl: 'http://127.0.0.1', tokenTtlDays: 30 };
const EVENT_ID = /^msg_[\w-]+$/;

/** Registrations to close, issued through the server's own code, ten at a time. */
async function issue(databaseUrl: string | undefined, dataDir: string, count: number): Promise<string[]> {
  const database = await openDatabase({ ...(databaseUrl ? { databaseUrl } : {}), dataDir });
  try {
    const ids: string[] = [];
    const worker = async () => {
      while (ids.length < count) {
        const slot = ids.push('') - 1;
        ids[slot] = (await issueRegistration(database.db, SALE, ISSUE_OPTIONS)).registration.id;
      }
    };
    await Promise.all(Array.from({ length: 10 }, worker));
    return ids;
  } finally {
    await database.close();
  }
}

/**
 * Replays recorded statements for another registration: its id for the template's, and a fresh id for each row the
 * template created (the customer, the event), wherever they appear (the event's body quotes them).
 */
function replay(template: Statement[], from: Record<string, string>, registrationId: string): Statement[] {
  const to = new Map<string, string>([[from.registrationId!, registrationId]]);
  to.set(from.customerId!, newId());
  for (const statement of template) {
    for (const param of statement.params) {
      if (typeof param === 'string' && EVENT_ID.test(param) && !to.has(param)) to.set(param, `msg_${newId()}`);
    }
  }
  const swap = (text: string) => {
    let swapped = text;
    for (const [old, fresh] of to) swapped = swapped.replaceAll(old, fresh);
    return swapped;
  };
  return template.map(({ text, params }) => ({
    text,
    params: params.map((param) => (typeof param === 'string' ? swap(param) : param)),
  }));
}

export interface RawTransactions {
  /** Closes one fresh registration in one transaction, with the route's statements; false once none is left. */
  next: () => Promise<boolean>;
  close: () => Promise<void>;
}

/**
 * POST /api/customers's work without the server: on a database of the same engine (PGlite on disk in `dataDir`, or
 * the PostgreSQL at `databaseUrl`), `count` registrations issued beforehand, each closed by one transaction of the
 * SQL the route's drizzle code sends, replayed on the engine's own client.
 */
/**
 * The statements are those drizzle sends for the server's own `completeProfile`, recorded by its logger while it
 * closes one template registration, then replayed for each of the others.
 */
export async function openRawCustomerTransactions(options: {
  databaseUrl?: string;
  dataDir: string;
  count: number;
}): Promise<RawTransactions> {
  const ids = await issue(options.databaseUrl, options.dataDir, options.count + 1);
  const templateId = ids.pop()!;
  const statements: Statement[] = [];
  const logger: DrizzleLogger = { logQuery: (text, params) => statements.push({ text, params }) };
  let customerId: string;
  let run: (batch: Statement[]) => Promise<void>;
  let close: () => Promise<void>;

  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const db = drizzle({ client: pool, schema, logger });
    customerId = (await db.transaction((tx) => completeProfile(tx, v.parse(customerSchema, customerBody(templateId)))))
      .id;
    run = async (batch) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (const { text, params } of batch) await client.query(text, params);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    };
    close = () => pool.end();
  } else {
    const client = await PGlite.create(options.dataDir);
    const db = drizzlePglite({ client, schema, logger });
    customerId = (await db.transaction((tx) => completeProfile(tx, v.parse(customerSchema, customerBody(templateId)))))
      .id;
    run = async (batch) => {
      await client.transaction(async (tx) => {
        for (const { text, params } of batch) await tx.query(text, params);
      });
    };
    close = () => client.close();
  }

  const template = [...statements];
  const from = { registrationId: templateId, customerId };
  let next = 0;
  return {
    next: async () => {
      const id = ids[next++];
      if (id === undefined) return false;
      await run(replay(template, from, id));
      return true;
    },
    close,
  };
}

/**
 * `concurrency` loops of `raw.next()` for at most `durationSeconds`, ending early when the registrations run out:
 * the counterpart of the route's autocannon run, which stops at its own codes' end too.
 */
export function runTransactionLoops(
  raw: RawTransactions,
  options: { durationSeconds: number; concurrency: number },
): Promise<LoopResult> {
  return runLookupLoops(() => raw.next(), options);
}
