import { and, asc, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Page, pageQuerySchema } from '../../src/domain/paging';
import type { Db } from '../db/client';
import { surveys } from '../db/schema';
import { ApiError } from '../lib/api-error';
import { customerExists, NO_SUCH_CUSTOMER } from '../customers/find-customer';
import { toSurvey, type SurveyRecord } from './survey-record';

/** A customer's surveys, oldest first, a page at a time; an unknown customer is refused (404). */
export async function listCustomerSurveys(
  db: Db,
  customerId: string,
  { limit, after }: v.InferOutput<typeof pageQuerySchema>,
): Promise<Page<SurveyRecord>> {
  if (!(await customerExists(db, customerId))) throw new ApiError(404, 'not_found', NO_SUCH_CUSTOMER);
  // Keyset paging: rows after the cursor's (created_at, id), compared in SQL at the database's precision.
  const cursor = after
    ? sql`(${surveys.createdAt}, ${surveys.id}) > (select created_at, id from surveys where id = ${after})`
    : undefined;
  const rows = await db
    .select()
    .from(surveys)
    .where(and(eq(surveys.customerId, customerId), cursor))
    .orderBy(asc(surveys.createdAt), asc(surveys.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { results: page.map(toSurvey), nextCursor: rows.length > limit ? page.at(-1)!.id : null };
}
