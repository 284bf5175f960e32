import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../server/platform/db/client';
import type { ApiErrorCode } from '../../../../src/domain/api-error-body';
import type { CallResult } from '../../helpers/test-app';

/** Every error code the API may answer; `satisfies` keeps the list in step with the domain type. */
const ERROR_CODES = {
  invalid_json: true,
  validation_failed: true,
  empty_change: true,
  unauthorized: true,
  invalid_credentials: true,
  forbidden: true,
  password_change_required: true,
  wrong_origin: true,
  already_exists: true,
  last_owner: true,
  not_found: true,
  registration_unavailable: true,
  invitation_used: true,
  invitation_expired: true,
  unknown_customer: true,
  idempotency_key_reused: true,
  external_id_reused: true,
  payload_too_large: true,
  unsupported_media_type: true,
  sms_unavailable: true,
  sms_opted_out: true,
  endpoint_disabled: true,
  delivery_not_failed: true,
  case_closed: true,
  code_unavailable: true,
  text_pending: true,
  rate_limited: true,
  unavailable: true,
  internal_error: true,
} satisfies Record<ApiErrorCode, true>;

/** What a write can change: rows added, registrations closed or first opened, idempotency keys claimed. */
export interface RowCounts {
  customers: number;
  surveys: number;
  registrations: number;
  completed: number;
  opened: number;
  idempotencyKeys: number;
}

export const NO_WRITES: RowCounts = {
  customers: 0,
  surveys: 0,
  registrations: 0,
  completed: 0,
  opened: 0,
  idempotencyKeys: 0,
};

/** The rows of a raw query (`Db` spans both drivers, so `execute` cannot type its answer by itself). */
export async function selectRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

export async function countRows(db: Db): Promise<RowCounts> {
  const [counts] = await selectRows<RowCounts>(
    db,
    sql`
    select
      (select count(*)::int from customers) as customers,
      (select count(*)::int from surveys) as surveys,
      (select count(*)::int from registrations) as registrations,
      (select count(*)::int from registrations where is_completed) as completed,
      (select count(*)::int from registrations where opened_at is not null) as opened,
      (select count(*)::int from idempotency_keys) as "idempotencyKeys"`,
  );
  return counts!;
}

export function difference(after: RowCounts, before: RowCounts): RowCounts {
  return {
    customers: after.customers - before.customers,
    surveys: after.surveys - before.surveys,
    registrations: after.registrations - before.registrations,
    completed: after.completed - before.completed,
    opened: after.opened - before.opened,
    idempotencyKeys: after.idempotencyKeys - before.idempotencyKeys,
  };
}

const add = (a: RowCounts, b: RowCounts): RowCounts => difference(a, difference(NO_WRITES, b));
const same = (a: RowCounts, b: RowCounts) => JSON.stringify(a) === JSON.stringify(b);

/** One past the newest transaction id handed out. A transaction gets an id only when it first changes a row. */
async function nextTransactionId(db: Db): Promise<string> {
  const [row] = await selectRows<{ xmax: string }>(
    db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`,
  );
  return row!.xmax;
}

/** How many of the transactions with ids in [from, to) committed. */
async function committedBetween(db: Db, from: string, to: string): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from generate_series(${from}::bigint, ${to}::bigint - 1) as id
        where pg_xact_status(id::text::xid8) = 'committed'`,
  );
  return row!.n;
}

/**
 * Checks, request by request, that exactly the expected rows were written. Counting every table costs a few
 * milliseconds on PGlite; most requests are refused before any transaction changes a row, and then no transaction
 * id was handed out: that sub-millisecond check stands in for the count (nothing can commit a change without an
 * id). When ids were handed out, a refusal must have rolled every one of them back (this also catches an update
 * that changes no count), and the tables are counted.
 */
export class WriteLedger {
  private expected: RowCounts = NO_WRITES;
  private lastId = '';

  constructor(private readonly db: Db) {}

  async start(): Promise<void> {
    this.expected = await countRows(this.db);
    this.lastId = await nextTransactionId(this.db);
  }

  /** The test wrote these rows itself (a registration issued to fill a placeholder). */
  async wrote(delta: RowCounts): Promise<void> {
    this.expected = add(this.expected, delta);
    this.lastId = await nextTransactionId(this.db);
  }

  /** What was written since the last check, when it is not `delta`; undefined when it is. */
  async mismatch(delta: RowCounts): Promise<string | undefined> {
    const id = await nextTransactionId(this.db);
    const refused = same(delta, NO_WRITES);
    if (id === this.lastId && refused) return undefined;
    const committed = refused ? await committedBetween(this.db, this.lastId, id) : 0;
    const actual = await countRows(this.db);
    const written = difference(actual, this.expected);
    // Follow the database from here on, so one bad case does not fail every later one.
    this.expected = actual;
    this.lastId = id;
    if (committed > 0) return `committed ${committed} transaction(s) that changed rows, expected none`;
    return same(written, delta) ? undefined : `wrote ${JSON.stringify(written)}, expected ${JSON.stringify(delta)}`;
  }
}

/** Why this answer is not the API's error contract (`{ error: { code, message, issues? } }` as JSON), if it is not. */
export function errorContractViolation(result: CallResult): string | undefined {
  if (!/^application\/json\b/.test(result.headers.get('content-type') ?? '')) {
    return `content-type ${result.headers.get('content-type')}`;
  }
  const error = (result.body as { error?: unknown } | undefined)?.error as Record<string, unknown> | undefined;
  if (typeof error !== 'object' || error === null) return 'no error object';
  if (typeof error.code !== 'string' || !Object.hasOwn(ERROR_CODES, error.code)) return `code ${String(error.code)}`;
  if (typeof error.message !== 'string' || error.message === '') return 'no message';
  if (error.issues !== undefined) {
    const issues = error.issues as Record<string, unknown>;
    if (typeof issues !== 'object' || issues === null) return 'issues is not an object';
    if (Object.keys(issues).length === 0) return 'issues is empty';
    if (!Object.values(issues).every((message) => typeof message === 'string' && message !== '')) {
      return 'an issue without a message';
    }
  }
  return undefined;
}
