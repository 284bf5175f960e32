import type { Database } from '../../../server/db/client';
import { customers, followUpCases, registrations, surveys } from '../../../server/db/schema';
import type { RootCause } from '../../../src/domain/follow-ups';
import { customerRow } from './customer-row';

/** An instant written as a UTC wall time, `2026-11-02T10:00:00`. */
export const at = (iso: string) => new Date(`${iso}Z`);

/**
 * Adds a member who completed a profile with a code issued at `site` and answered one survey, all at `at` (a UTC wall
 * time); gives the survey's and member's ids. `n` numbers them (and their phone numbers and emails) apart.
 */
export async function seedRespondent(
  database: Database,
  n: number,
  r: { site: string; at: string; recommend?: number; comments?: string; manual?: boolean },
): Promise<{ customerId: string; surveyId: string }> {
  const [customerId, surveyId] = [`customer-${n}`, `survey-${n}`];
  const when = at(r.at);
  const mobileNumber = `+12015550${String(n).padStart(3, '0')}`;
  await database.db.insert(registrations).values({
    id: `registration-${n}`,
    mobileNumber,
    saleDate: when,
    siteId: r.site,
    isManual: r.manual ?? false,
    isCompleted: true,
    completedAt: when,
    customerId,
    createdAt: when,
  });
  await database.db
    .insert(customers)
    .values(customerRow({ id: customerId, registrationId: `registration-${n}`, mobileNumber, createdAt: when }));
  await database.db.insert(surveys).values({
    id: surveyId,
    customerId,
    recommendToOthersScore: r.recommend ?? 3,
    comments: r.comments ?? '',
    createdAt: when,
  });
  return { customerId, surveyId };
}

/** Adds a detractor's case, with the registration, member and survey it stands on (times UTC); gives its id. */
export function caseSeeder(database: Database, first = 0) {
  let n = first;
  return async function followUp(c: {
    site: string;
    opened: string;
    due: string;
    contacted?: string;
    resolved?: string;
    rootCause?: RootCause;
    comments?: string;
  }) {
    n += 1;
    const id = `case-${n}`;
    const { customerId, surveyId } = await seedRespondent(database, n, {
      site: c.site,
      at: c.opened,
      comments: c.comments,
    });
    await database.db.insert(followUpCases).values({
      id,
      surveyId,
      customerId,
      siteId: c.site,
      status: c.resolved ? 'resolved' : c.contacted ? 'contacted' : 'open',
      openedAt: at(c.opened),
      dueAt: at(c.due),
      contactedAt: c.contacted ? at(c.contacted) : null,
      resolvedAt: c.resolved ? at(c.resolved) : null,
      rootCause: c.rootCause ?? null,
      resolutionNote: c.resolved ? 'Done.' : null,
    });
    return id;
  };
}
