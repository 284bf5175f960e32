import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/platform/db/client';
import { outboxEvents } from '../../../../server/platform/db/schema';
import { eventsAbout } from '../../../../server/features/retention/events-about';
import { EMBEDDED_ONLY, openTestDatabase } from '../../helpers/test-database';

/** One event of each shape receivers get, each naming its subject in the one field its type carries. */
const EVENTS: { id: string; type: string; data: object }[] = [
  { id: 'issued', type: 'registration.issued', data: { registration: { id: 'reg-issued', customerId: null } } },
  {
    id: 'completed',
    type: 'registration.completed',
    data: { registration: { id: 'reg-completed', customerId: 'cus-completed' }, customer: { id: 'cus-completed' } },
  },
  // A registration completed later names its customer only in `data.customer`.
  { id: 'customer-only', type: 'registration.completed', data: { customer: { id: 'cus-customer-only' } } },
  // And one that names it only beside the registration.
  {
    id: 'registration-customer',
    type: 'registration.completed',
    data: { registration: { id: 'reg-other', customerId: 'cus-beside' } },
  },
  { id: 'survey', type: 'survey.submitted', data: { survey: { id: 'srv-1', customerId: 'cus-survey' } } },
  // A follow-up case names its member as `memberId` (the customer id).
  {
    id: 'follow-up',
    type: 'follow_up.opened',
    data: { followUp: { id: 'case-1', surveyId: 'srv-2', memberId: 'cus-unhappy' } },
  },
  // An erasure lists ids in fields of its own: never about anyone, so that erasing does not delete it.
  {
    id: 'erased',
    type: 'member.erased',
    data: { registrationIds: ['reg-issued'], customerIds: ['cus-completed', 'cus-survey'] },
  },
];

describe.each(EMBEDDED_ONLY)('the events about registrations and customers on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await database.db.insert(outboxEvents).values(
      EVENTS.map(({ id, type, data }) => ({
        id,
        type,
        body: JSON.stringify({ type, timestamp: '2026-11-24T12:00:00.000Z', version: 1, data }),
      })),
    );
  });
  afterAll(() => database.close());

  const about = async (ids: { registrationIds: string[]; customerIds: string[] }) =>
    (await database.db.select({ id: outboxEvents.id }).from(outboxEvents).where(eventsAbout(ids)))
      .map((row) => row.id)
      .sort();

  it("finds a registration's events by data.registration.id", async () => {
    expect(await about({ registrationIds: ['reg-issued'], customerIds: [] })).toEqual(['issued']);
    expect(await about({ registrationIds: ['reg-completed', 'reg-issued'], customerIds: [] })).toEqual([
      'completed',
      'issued',
    ]);
  });

  it("finds a customer's events by data.registration.customerId, data.customer.id and data.survey.customerId", async () => {
    expect(await about({ registrationIds: [], customerIds: ['cus-beside'] })).toEqual(['registration-customer']);
    expect(await about({ registrationIds: [], customerIds: ['cus-customer-only'] })).toEqual(['customer-only']);
    expect(await about({ registrationIds: [], customerIds: ['cus-survey'] })).toEqual(['survey']);
    expect(await about({ registrationIds: [], customerIds: ['cus-completed', 'cus-survey'] })).toEqual([
      'completed',
      'survey',
    ]);
  });

  it("finds a member's follow-up events by data.followUp.memberId, and never by the case's own id", async () => {
    expect(await about({ registrationIds: [], customerIds: ['cus-unhappy'] })).toEqual(['follow-up']);
    expect(await about({ registrationIds: ['case-1'], customerIds: ['case-1', 'srv-2'] })).toEqual([]);
  });

  it('matches registration ids only as registrations and customer ids only as customers', async () => {
    expect(await about({ registrationIds: ['cus-survey', 'cus-beside'], customerIds: ['reg-issued'] })).toEqual([]);
  });

  it('finds both kinds at once, and nothing when given no ids', async () => {
    expect(await about({ registrationIds: ['reg-issued'], customerIds: ['cus-survey'] })).toEqual(['issued', 'survey']);
    expect(await about({ registrationIds: [], customerIds: [] })).toEqual([]);
    expect(await about({ registrationIds: ['nobody'], customerIds: ['no-one'] })).toEqual([]);
  });
});
