import { and, asc, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Page, pageQuerySchema } from '../../src/domain/paging';
import type { Db } from '../db/client';
import { customers, registrations, surveys } from '../db/schema';
import { ApiError } from '../lib/api-error';
import { NO_SUCH_CUSTOMER } from '../customers/find-customer';
import { inSites, type SiteScope } from '../members/list-filters';
import { toSurvey, type SurveyRecord } from './survey-record';

/** Whether the customer exists at one of these sites (the site of the registration that made them). */
async function customerAt(db: Db, customerId: string, sites: SiteScope): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .innerJoin(registrations, eq(registrations.id, customers.registrationId))
    .where(and(eq(customers.id, customerId), inSites(sites)));
  return row !== undefined;
}

/**
 * A customer's surveys, oldest first, a page at a time; an unknown customer, or one of a site the caller may not
 * see, is refused alike (404).
 */
export async function listCustomerSurveys(
  db: Db,
  customerId: string,
  sites: SiteScope,
  { limit, after }: v.InferOutput<typeof pageQuerySchema>,
): Promise<Page<SurveyRecord>> {
  if (!(await customerAt(db, customerId, sites))) throw new ApiError(404, 'not_found', NO_SUCH_CUSTOMER);
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
