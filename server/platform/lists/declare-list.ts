import type { Context, Hono, MiddlewareHandler } from 'hono';
import type * as v from 'valibot';
import type { ApiErrorCode } from '../../../src/domain/api-error-body';
import type { Page } from '../../../src/domain/paging';
import { auditedBy, type AdminEnv } from '../access/principal';
import { recordAudit } from '../../features/audit/record-audit';
import type { Db } from '../db/client';
import { csvAnswer } from './csv-answer';
import { validQuery } from '../http/request-input';
import { describe } from '../http/route-description';

const LIST_REFUSALS = ['validation_failed', 'unauthorized', 'forbidden', 'rate_limited'] as const;

type QueryOf<Q extends v.GenericSchema> = v.InferOutput<Q>;
/** What an export reads: the list's filters, without its paging. */
export type FiltersOf<Q extends v.GenericSchema> = Omit<QueryOf<Q>, 'limit' | 'after'>;

/** A console list: its route, who may read it, its query, and how it reads a page (and its rows for an export). */
export interface ListDeclaration<Q extends v.GenericSchema> {
  path: string;
  summary: string;
  /** The query schema: filters, `limit` and `after`; the export takes the same filters. */
  query: Q;
  /** The answer's schema (`pageOf(item)`). */
  page: v.GenericSchema;
  /** Who may read the list (`allow(…)`): the one door, declared where the route is. */
  door: MiddlewareHandler<AdminEnv>;
  /** Checks after the door and before the query (a path's record id, refused as not found). */
  before?: MiddlewareHandler<AdminEnv>;
  refusals?: readonly ApiErrorCode[];
  list: (c: Context<AdminEnv>, query: QueryOf<Q>) => Promise<Page<unknown>>;
  /** The list's CSV export at `${path}.csv`: its own door (owners), audited as an `export` of `name`. */
  csv?: {
    summary: string;
    description: string;
    door: MiddlewareHandler<AdminEnv>;
    /** The file's name before its date, and the subject of its audit row. */
    name: string;
    /** The stream of every row the filters select (read a keyset page at a time; see server/platform/lists/csv-stream.ts). */
    rows: (c: Context<AdminEnv>, filters: FiltersOf<Q>) => ReadableStream | Promise<ReadableStream>;
  };
}

const passThrough: MiddlewareHandler<AdminEnv> = (_c, next) => next();

/** The query the route's validator passed, typed as its schema's output. */
const validQueryOf = <Q extends v.GenericSchema>(c: Context<AdminEnv>) =>
  (c.req.valid as (target: 'query') => QueryOf<Q>)('query');

/**
 * Declares a keyset-paged list's JSON route and, when it has one, its audited CSV export, the same way for every
 * list (decision 044): the door, the query's validation, the refusals, and the export's audit row written after the
 * filters are accepted (a site the caller may not see is refused before anything is recorded) and before a row is
 * read.
 */
export function declareList<Q extends v.GenericSchema>(app: Hono<AdminEnv>, db: Db, list: ListDeclaration<Q>): void {
  const refusals = [...LIST_REFUSALS, ...(list.refusals ?? [])];
  const before = list.before ?? passThrough;
  app.get(
    list.path,
    describe({
      summary: list.summary,
      answers: { 200: { description: '`{ results: [record…], nextCursor }`', body: list.page } },
      refusals,
    }),
    list.door,
    before,
    validQuery(list.query),
    async (c) => c.json(await list.list(c, validQueryOf<Q>(c))),
  );

  const csv = list.csv;
  if (!csv) return;
  app.get(
    `${list.path}.csv`,
    describe({ summary: csv.summary, answers: { 200: { description: csv.description, media: 'text/csv' } }, refusals }),
    csv.door,
    before,
    validQuery(list.query),
    async (c) => {
      const {
        limit: _limit,
        after: _after,
        ...filters
      } = validQueryOf<Q>(c) as QueryOf<Q> & {
        limit?: unknown;
        after?: unknown;
      };
      // The stream reads nothing until it is read: making it first refuses a foreign site before the audit row.
      const body = await csv.rows(c, filters);
      await recordAudit(db, { ...auditedBy(c), action: 'export', subjectId: csv.name });
      return csvAnswer(body, csv.name);
    },
  );
}
