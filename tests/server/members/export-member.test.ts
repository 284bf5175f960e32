import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import { outboxEvents, registrations } from '../../../server/db/schema';
import { exportMember } from '../../../server/members/export-member';
import { hashToken } from '../../../server/lib/tokens';
import { DRIVERS, openTestDatabase } from '../helpers/test-database';
import { deliverAll, seedMember, type SeededMember } from './support/member-fixture';

describe.each(DRIVERS)("a member's export on %s", (driver) => {
  let database: Database;
  let first: SeededMember;
  let renewal: SeededMember;
  let other: SeededMember;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    first = await seedMember(database.db, { email: 'Dana.Whitfield@Example.com', mobileNumber: '+12015550143' });
    // A renewal months later: a second profile, with the email typed differently.
    renewal = await seedMember(database.db, { email: 'dana.whitfield@example.com', mobileNumber: '+12015550143' });
    other = await seedMember(database.db, {
      email: 'sam.other@example.com',
      mobileNumber: '+12015550144',
      firstName: 'Sam',
      lastName: 'Other',
    });
    await deliverAll(
      database.db,
      (await database.db.select({ id: outboxEvents.id }).from(outboxEvents)).map((row) => row.id),
    );
  });
  afterAll(() => database.close());

  it('holds every profile, registration, survey, text and event about the email, matched whatever its case', async () => {
    const exported = (await exportMember(database.db, '  DANA.WHITFIELD@example.COM '))!;
    expect(exported.email).toBe('dana.whitfield@example.com');
    expect(exported.customers.map((c) => c.id).sort()).toEqual([first.customerId, renewal.customerId].sort());
    expect(exported.customers[0]).toMatchObject({
      firstName: 'Dana',
      lastName: 'Whitfield',
      mobileNumber: '+12015550143',
      consent: {
        version: expect.any(String) as string,
        language: 'en',
        terms: { agreed: true },
        newsletters: { agreed: true },
      },
    });
    expect(exported.registrations.map((r) => r.id).sort()).toEqual(
      [first.registrationId, renewal.registrationId].sort(),
    );
    expect(exported.surveys.map((s) => s.id).sort()).toEqual([first.surveyId, renewal.surveyId].sort());
    expect(exported.textMessages.map((m) => m.registrationId).sort()).toEqual(
      [first.registrationId, renewal.registrationId].sort(),
    );
    // Two issued, two completed, two surveys: bodies parsed, each with where it went.
    expect(exported.webhookEvents.map((e) => e.type).sort()).toEqual([
      'registration.completed',
      'registration.completed',
      'registration.issued',
      'registration.issued',
      'survey.submitted',
      'survey.submitted',
    ]);
    const completed = exported.webhookEvents.find((e) => e.type === 'registration.completed')!;
    expect(completed.body).toMatchObject({ type: 'registration.completed', data: { customer: { firstName: 'Dana' } } });
    expect(completed.deliveries).toEqual([
      expect.objectContaining({ endpointDescription: 'CRM', status: 'delivered' }),
    ]);
  });

  it('never carries a code: no registration code, its hash or a pending link, nor the receiver URL', async () => {
    const text = JSON.stringify(await exportMember(database.db, 'dana.whitfield@example.com'));
    const [row] = await database.db.select().from(registrations).where(eq(registrations.id, first.registrationId));
    expect(row!.tokenHash).toBe(hashToken(first.token));
    for (const secret of [
      first.token,
      row!.tokenHash!,
      hashToken(renewal.token),
      first.linkToken,
      'endpoint-url-secret',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/tokenHash|linkToken/);
  });

  it('holds nothing of another member, and answers null for an email no one has', async () => {
    const text = JSON.stringify(await exportMember(database.db, 'dana.whitfield@example.com'));
    for (const foreign of [other.customerId, other.registrationId, other.surveyId, 'sam.other@example.com', 'Sam']) {
      expect(text).not.toContain(foreign);
    }
    expect(await exportMember(database.db, 'nobody@example.com')).toBeNull();
  });
});
