import * as v from 'valibot';
import { customerSchema } from '../../../../../src/domain/customer';
import { surveySchema } from '../../../../../src/domain/survey';
import { completeProfile } from '../../../../../server/features/customers/complete-profile';
import type { Db } from '../../../../../server/platform/db/client';
import { smsMessages, webhookDeliveries, webhookEndpoints } from '../../../../../server/platform/db/schema';
import { issueRegistration } from '../../../../../server/features/registrations/issue-registration';
import { recordSurvey } from '../../../../../server/features/surveys/record-survey';
import { validCustomer } from '../../../../fixtures/customer';

export interface SeededMember {
  registrationId: string;
  customerId: string;
  surveyId: string;
  /** The registration code: never in an export. */
  token: string;
  /** A text message's pending link code: never in an export either. */
  linkToken: string;
}

/**
 * A member as the app makes one: a sale's registration (its `registration.issued` event), the completed profile
 * (`registration.completed`), a survey (`survey.submitted`) and a text message row still holding its link code.
 */
export async function seedMember(
  db: Db,
  member: { email: string; mobileNumber: string; firstName?: string; lastName?: string; agreesToTexts?: boolean },
): Promise<SeededMember> {
  const issued = await issueRegistration(
    db,
    {
      mobileNumber: member.mobileNumber,
      planName: 'Unlimited Wash Club',
      amount: 29.99,
      rechargeDate: '2026-12-15',
      siteId: '7',
      sourceSystem: 'test',
      isReturningCustomer: false,
    },
    { publicUrl: 'https://club.example', tokenTtlDays: 30 },
  );
  const registrationId = issued.registration.id;
  const linkToken = `link-${registrationId}`;
  await db.insert(smsMessages).values({ id: crypto.randomUUID(), registrationId, linkToken });
  const customer = await db.transaction((tx) =>
    completeProfile(
      tx,
      v.parse(
        customerSchema,
        validCustomer(registrationId, {
          email: member.email,
          firstName: member.firstName ?? 'Dana',
          lastName: member.lastName ?? 'Whitfield',
          isSubscribedToSmsMessaging: member.agreesToTexts ?? false,
        }),
      ),
    ),
  );
  const survey = await db.transaction((tx) =>
    recordSurvey(
      tx,
      v.parse(surveySchema, {
        customerId: customer.id,
        recommendToOthersScore: 9,
        washQualityScore: 8,
        cleanlinessScore: 9,
        serviceScore: 10,
        valueScore: 7,
        comments: `Comments of ${member.email}`,
      }),
    ),
  );
  return { registrationId, customerId: customer.id, surveyId: survey.id, token: issued.token, linkToken };
}

export const ENDPOINT_ID = 'test-endpoint';

/** One receiver, and a delivered delivery of every event given to it. */
export async function deliverAll(db: Db, eventIds: string[]): Promise<void> {
  await db
    .insert(webhookEndpoints)
    .values({
      id: ENDPOINT_ID,
      url: 'https://crm.example/hooks?token=endpoint-url-secret',
      description: 'CRM',
      eventTypes: ['registration.issued', 'registration.completed', 'survey.submitted'],
      secret: `whsec_${Buffer.alloc(24, 7).toString('base64')}`,
    })
    .onConflictDoNothing();
  for (const eventId of eventIds) {
    await db.insert(webhookDeliveries).values({
      id: crypto.randomUUID(),
      eventId,
      endpointId: ENDPOINT_ID,
      status: 'delivered',
      attempts: 1,
      deliveredAt: new Date(),
    });
  }
}
