import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { registrations, surveyInvitations, surveys } from '../../../../server/platform/db/schema';
import { surveyInvitedDataSchema } from '../../../../src/domain/webhook-payloads';
import {
  erasedData,
  invitedData,
  registrationData,
  surveyData,
} from '../../../../server/features/integrations/event-payloads';

const registration: typeof registrations.$inferSelect = {
  id: 'reg-1',
  tokenHash: 'hash-of-the-code',
  mobileNumber: '+12015550143',
  planName: 'Unlimited Wash Club',
  amountCents: 2999,
  rechargeDate: '2026-12-15',
  saleDate: new Date('2026-03-01T10:00:00.000Z'),
  siteId: '7',
  sourceSystem: 'pos',
  isReturningCustomer: true,
  isManual: false,
  isCompleted: true,
  completedAt: new Date('2026-03-01T10:05:00.000Z'),
  customerId: 'cust-1',
  expiresAt: new Date('2026-03-08T10:00:00.000Z'),
  openedAt: new Date('2026-03-01T10:01:00.000Z'),
  issuedByKeyId: 'key-1',
  issuedByStaffId: null,
  prefillCustomerId: null,
  isDemo: false,
  createdAt: new Date('2026-03-01T10:00:01.000Z'),
};

describe('what receivers are sent', () => {
  it('sends a registration without its code, its issuer or its pre-fill, amounts in currency units', () => {
    expect(registrationData(registration)).toEqual({
      id: 'reg-1',
      mobileNumber: '+12015550143',
      planName: 'Unlimited Wash Club',
      amount: 29.99,
      rechargeDate: '2026-12-15',
      saleDate: '2026-03-01T10:00:00.000Z',
      siteId: '7',
      sourceSystem: 'pos',
      isReturningCustomer: true,
      isManual: false,
      issuedAt: '2026-03-01T10:00:01.000Z',
      expiresAt: '2026-03-08T10:00:00.000Z',
      openedAt: '2026-03-01T10:01:00.000Z',
      completedAt: '2026-03-01T10:05:00.000Z',
      customerId: 'cust-1',
    });
  });

  it('sends an empty recharge date and null times for what has not happened', () => {
    expect(
      registrationData({ ...registration, rechargeDate: null, expiresAt: null, openedAt: null, completedAt: null }),
    ).toMatchObject({ rechargeDate: '', expiresAt: null, openedAt: null, completedAt: null });
  });

  it("sends a survey's answers and whose they are", () => {
    const survey: typeof surveys.$inferSelect = {
      id: 'survey-1',
      customerId: 'cust-1',
      recommendToOthersScore: 9,
      washQualityScore: 8,
      cleanlinessScore: 7,
      serviceScore: 10,
      valueScore: 6,
      comments: 'Great wash',
      // The review invitation is the console's to count, not a CRM's: the payload stays as it was.
      reviewUrl: 'https://g.page/r/brightwater/review',
      reviewOpenedAt: null,
      invitationId: null,
      createdAt: new Date('2026-03-02T09:00:00.000Z'),
    };
    expect(surveyData(survey)).toEqual({
      survey: {
        id: 'survey-1',
        customerId: 'cust-1',
        recommendToOthersScore: 9,
        washQualityScore: 8,
        cleanlinessScore: 7,
        serviceScore: 10,
        valueScore: 6,
        comments: 'Great wash',
        // Answered at sign-up: no invitation after a visit (decision 053).
        invitationId: null,
        createdAt: '2026-03-02T09:00:00.000Z',
      },
    });
  });

  it('sends an erasure as the ids the member was known by, and when', () => {
    expect(
      erasedData(
        { customerIds: ['c1'], registrationIds: ['r1', 'r2'], surveyIds: [] },
        new Date('2026-04-01T00:00:00.000Z'),
      ),
    ).toEqual({
      customerIds: ['c1'],
      registrationIds: ['r1', 'r2'],
      surveyIds: [],
      erasedAt: '2026-04-01T00:00:00.000Z',
    });
  });

  it("sends an invitation's ids and times when its text goes out, never its code or its member's language", () => {
    const invitation: typeof surveyInvitations.$inferSelect = {
      id: 'inv-1',
      tokenHash: 'hash-of-the-code',
      customerId: 'cust-1',
      visitId: 'visit-1',
      siteId: '7',
      language: 'es',
      expiresAt: new Date('2026-03-09T12:00:00.000Z'),
      sentAt: null,
      openedAt: null,
      answeredAt: null,
      createdAt: new Date('2026-03-02T12:00:00.000Z'),
    };
    const data = invitedData(invitation, new Date('2026-03-02T13:00:00.000Z'));
    expect(data).toEqual({
      invitation: {
        id: 'inv-1',
        customerId: 'cust-1',
        siteId: '7',
        visitId: 'visit-1',
        expiresAt: '2026-03-09T12:00:00.000Z',
        sentAt: '2026-03-02T13:00:00.000Z',
      },
    });
    // What the API description publishes is what is sent.
    expect(v.parse(surveyInvitedDataSchema, data)).toEqual(data);
    expect(invitedData({ ...invitation, visitId: null }, new Date()).invitation.visitId).toBeNull();
  });
});
