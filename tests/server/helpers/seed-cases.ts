import type { Database } from '../../../server/db/client';
import { customers, followUpCases, registrations, surveys } from '../../../server/db/schema';
import type { RootCause } from '../../../src/domain/follow-ups';

/** An instant written as a UTC wall time, `2026-11-02T10:00:00`. */
export const at = (iso: string) => new Date(`${iso}Z`);

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
    await database.db.insert(registrations).values({
      id: `registration-${n}`,
      mobileNumber: `+120155503${String(n).padStart(2, '0')}`,
      saleDate: at(c.opened),
      siteId: c.site,
      isCompleted: true,
      completedAt: at(c.opened),
      customerId: `customer-${n}`,
      createdAt: at(c.opened),
    });
    await database.db.insert(customers).values({
      id: `customer-${n}`,
      registrationId: `registration-${n}`,
      mobileNumber: `+120155503${String(n).padStart(2, '0')}`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      address: '1 Main St',
      city: 'Austin',
      region: 'TX',
      postalCode: '78701',
      email: `member${n}@example.com`,
      vehicleYear: 2020,
      vehicleMake: 'Honda',
      vehicleModel: 'Civic',
      vehicleColor: 'Blue',
      isSubscribedToNewsletters: false,
      isSubscribedToSmsMessaging: false,
      consentVersion: 'test',
      isAgreedToTerms: true,
      termsAgreedAt: at(c.opened),
      createdAt: at(c.opened),
    });
    await database.db.insert(surveys).values({
      id: `survey-${n}`,
      customerId: `customer-${n}`,
      recommendToOthersScore: 3,
      comments: c.comments ?? '',
      createdAt: at(c.opened),
    });
    await database.db.insert(followUpCases).values({
      id,
      surveyId: `survey-${n}`,
      customerId: `customer-${n}`,
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
