import { and, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Page, pageQuerySchema } from '../../../src/domain/paging';
import type { Db } from '../../platform/db/client';
import { customers, registrations, surveys } from '../../platform/db/schema';
import { ApiError } from '../../platform/http/api-error';
import { readKeysetPage, type KeysetOrder } from '../../platform/lists/keyset-page';
import { NO_SUCH_CUSTOMER } from '../customers/find-customer';
import { inSites, type SiteScope } from '../members/list-conditions';
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

/** Surveys oldest first, ties by id. */
const OLDEST_FIRST: KeysetOrder = {
  parts: [
    { expression: surveys.createdAt, part: 'time' },
    { expression: surveys.id, part: 'id' },
  ],
  direction: 'asc',
};

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
  const page = await readKeysetPage(OLDEST_FIRST, { limit, after }, (keyset) =>
    db
      .select({ survey: surveys, cursorKey: keyset.cursorKey })
      .from(surveys)
      .where(and(eq(surveys.customerId, customerId), keyset.after))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
  return { results: page.rows.map(({ survey }) => toSurvey(survey)), nextCursor: page.nextCursor };
}
