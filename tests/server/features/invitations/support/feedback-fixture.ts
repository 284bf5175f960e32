import type { Db } from '../../../../../server/platform/db/client';
import { customers, registrations, sites, smsSuppressions, visits } from '../../../../../server/platform/db/schema';
import { createThrottles } from '../../../../../server/platform/limits/throttles';
import { parseEnv } from '../../../../../server/env';
import { invitationSecretOf } from '../../../../../server/features/invitations/invitation-code';
import type { InvitationContext } from '../../../../../server/features/invitations/invite-after-visit';
import type { QuietHoursDefaults } from '../../../../../server/features/integrations/sms/sending-window';
import { customerRow } from '../../../helpers/customer-row';

/** Sites' clock in these tests: New York, texts from 08:00 to 21:00. */
export const QUIET_HOURS: QuietHoursDefaults = {
  defaultTimeZone: 'America/New_York',
  smsWindow: { start: '08:00', end: '21:00' },
};

export const AUTH_SECRET = 'feedback-test-auth-secret-0123456789';

/** The invitation job's context on a moved clock, with fresh texting budgets (per number per day: `perNumber`). */
export function invitationContext(
  db: Db,
  now: () => Date,
  budgets: { perNumber?: number; perSite?: number } = {},
): InvitationContext {
  const limits = {
    ...parseEnv({}).limits,
    ...(budgets.perNumber ? { textsPerNumberPerDay: budgets.perNumber } : {}),
    ...(budgets.perSite ? { textsPerIssuerPerHour: budgets.perSite } : {}),
  };
  return {
    db,
    secret: invitationSecretOf(AUTH_SECRET),
    throttles: createThrottles({ kind: 'memory' }, limits),
    quietHours: QUIET_HOURS,
    logger: { info: () => undefined, error: () => undefined },
    now,
  };
}

/** Sites, members, visits and opt-outs as the rules of decision 053 read them. */
export function feedbackFixture(db: Db) {
  let made = 0;
  const next = (prefix: string) => `${prefix}-${++made}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    /** A site that asks after visits (unless told otherwise), named so that texts can name it. */
    async site(settings: Partial<typeof sites.$inferInsert> = {}): Promise<string> {
      const id = next('site');
      await db.insert(sites).values({ id, name: 'Harbor Road', named: true, askAfterVisit: true, ...settings });
      return id;
    },
    /** A member with a completed profile (their registration completed), or the demo's when `demo`. */
    async member(
      mobileNumber: string,
      options: { language?: string; demo?: boolean; createdAt?: Date; siteId?: string } = {},
    ): Promise<{ customerId: string; registrationId: string }> {
      const registrationId = next('reg');
      const customerId = next('cust');
      const at = options.createdAt ?? new Date('2026-01-01T12:00:00Z');
      await db.insert(registrations).values({
        id: registrationId,
        mobileNumber,
        saleDate: at,
        siteId: options.siteId ?? '0',
        isCompleted: true,
        completedAt: at,
        customerId,
        isDemo: options.demo ?? false,
        createdAt: at,
      });
      await db.insert(customers).values(
        customerRow({
          id: customerId,
          registrationId,
          mobileNumber,
          consentLanguage: options.language ?? 'en',
          createdAt: at,
        }),
      );
      return { customerId, registrationId };
    },
    async visit(siteId: string, mobileNumber: string, visitedAt: Date): Promise<string> {
      const id = next('visit');
      await db
        .insert(visits)
        .values({ id, siteId, externalId: id, visitedAt, mobileNumber, recordedByKeyId: null, createdAt: visitedAt });
      return id;
    },
    async stop(mobileNumber: string, at: Date): Promise<void> {
      await db.insert(smsSuppressions).values({
        mobileNumber,
        keyword: 'STOP',
        messageSid: next('SM'),
        senderNumber: '+15005550006',
        optedOutAt: at,
      });
    },
  };
}
