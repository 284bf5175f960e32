import type { Database } from '../../../server/platform/db/client';
import { customers, followUpCases, registrations, surveys } from '../../../server/platform/db/schema';
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

/**
 * Adds codes, their members, surveys and cases piece by piece, at UTC wall times, for fixtures whose figures turn on
 * each piece's own time: a code opened one day and completed another, a member's several surveys, a case's contact.
 * `first` numbers them (and their phone numbers and emails) apart from other seeders' rows.
 */
export function fixtureSeeder(database: Database, first = 500) {
  let n = first;
  const db = database.db;
  return {
    async code(c: { site: string; issued: string; opened?: string; completed?: string; manual?: boolean }) {
      n += 1;
      const registrationId = `registration-${n}`;
      const customerId = c.completed ? `customer-${n}` : null;
      const email = `member${n}@example.com`;
      const mobileNumber = `+12025550${String(n).padStart(3, '0')}`;
      await db.insert(registrations).values({
        id: registrationId,
        mobileNumber,
        saleDate: at(c.issued),
        siteId: c.site,
        isManual: c.manual ?? false,
        isCompleted: !!c.completed,
        completedAt: c.completed ? at(c.completed) : null,
        customerId,
        openedAt: c.opened ? at(c.opened) : null,
        createdAt: at(c.issued),
      });
      if (customerId)
        await db.insert(customers).values({
          id: customerId,
          registrationId,
          mobileNumber,
          firstName: 'Ada',
          lastName: `Member${n}`,
          address: '1 Main St',
          city: 'Austin',
          region: 'TX',
          postalCode: '78701',
          email,
          vehicleYear: 2020,
          vehicleMake: 'Honda',
          vehicleModel: 'Civic',
          vehicleColor: 'Blue',
          isSubscribedToNewsletters: false,
          isSubscribedToSmsMessaging: false,
          consentVersion: 'test',
          isAgreedToTerms: true,
          termsAgreedAt: at(c.completed!),
          createdAt: at(c.completed!),
        });
      return { registrationId, customerId: customerId!, email };
    },
    /** A survey: the recommend score (0 unanswered), the wash score, and the comment ('' none). */
    async survey(customerId: string, s: { at: string; recommend: number; wash?: number; comments?: string }) {
      n += 1;
      const id = `survey-${n}`;
      await db.insert(surveys).values({
        id,
        customerId,
        recommendToOthersScore: s.recommend,
        washQualityScore: s.wash ?? 0,
        comments: s.comments ?? '',
        createdAt: at(s.at),
      });
      return id;
    },
    async followUp(c: {
      customerId: string;
      surveyId?: string;
      site: string;
      opened: string;
      due: string;
      contacted?: string;
      resolved?: string;
    }) {
      n += 1;
      const id = `case-${n}`;
      await db.insert(followUpCases).values({
        id,
        surveyId: c.surveyId ?? null,
        customerId: c.customerId,
        siteId: c.site,
        status: c.resolved ? 'resolved' : c.contacted ? 'contacted' : 'open',
        openedAt: at(c.opened),
        dueAt: at(c.due),
        contactedAt: c.contacted ? at(c.contacted) : null,
        resolvedAt: c.resolved ? at(c.resolved) : null,
        rootCause: c.resolved ? 'other' : null,
        resolutionNote: c.resolved ? 'Done.' : null,
      });
      return id;
    },
  };
}
