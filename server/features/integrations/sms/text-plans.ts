import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { TextKind } from '../../../../src/domain/invitations';
import { isLanguage } from '../../../../src/domain/language';
import type { Db, Tx } from '../../../platform/db/client';
import { customers, registrations, sites, smsMessages, surveyInvitations } from '../../../platform/db/schema';
import { codeAgain, type CodeSecret } from '../../registrations/code-secret';
import { isDemoCustomer } from '../../demo/not-demo';
import { invitationCodeFor, invitationLink, type InvitationSecret } from '../../invitations/invitation-code';
import { invitedData } from '../event-payloads';
import { recordEvent } from '../outbox';
import { codeReminderText, invitationReminderText, invitationText } from './feedback-texts';
import { ANSWERED_CODE, CANCEL_CODES, COMPLETED_CODE, type CancelCode } from './queue-sms';
import { siteClockColumns } from './sending-window';
import { smsText } from './sms-text';

type SmsRow = typeof smsMessages.$inferSelect;
type SiteClock = { timeZone: string | null; smsWindowStart: string | null; smsWindowEnd: string | null };

/** What sending needs from the server, for the kinds that make their link when they are sent. */
export interface PlanContext {
  db: Db;
  template: string;
  operatorName: string;
  publicUrl: string;
  /** The key a code is made again with (a code's reminder); without it, a reminder cannot carry its link. */
  codeSecret?: CodeSecret;
  /** The key an invitation's code is made with; without it, an invitation cannot carry its link. */
  invitationSecret?: InvitationSecret;
}

/**
 * One text as its kind sees it when it is due (decision 053): the number it goes to, the site whose sending window
 * it waits for, and either why it is no longer wanted or its words; `afterSent` records what its going out means,
 * in the transaction that marks it sent.
 */
export type TextPlan = {
  to: string;
  clock: SiteClock | null;
  /** A reminder: it spends the number's texting budget when it goes. */
  reminder: boolean;
  afterSent?: (tx: Tx, sentAt: Date) => Promise<void>;
} & ({ cancel: CancelCode } | { cancel: null; body: string });

const cancelled = (code: CancelCode) => ({ cancel: code }) as const;
const wanted = (body: string) => ({ cancel: null, body }) as const;

/** Whether the first text of this kind for the registration (or the invitation) went out. */
async function firstSent(db: Db, which: SQL, kind: TextKind): Promise<boolean> {
  const [sent] = await db
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(and(which, eq(smsMessages.kind, kind), eq(smsMessages.status, 'sent')))
    .limit(1);
  return !!sent;
}

/** A code's text (as it always was, from its row's code) and its one reminder (the code made again). */
async function codePlan(context: PlanContext, message: SmsRow, now: Date): Promise<TextPlan | null> {
  const [row] = await context.db
    .select({
      registration: registrations,
      site: siteClockColumns,
      reminderOn: sites.codeReminder,
    })
    .from(registrations)
    .leftJoin(sites, eq(sites.id, registrations.siteId))
    .where(eq(registrations.id, message.registrationId));
  if (!row) return null;
  const { registration } = row;
  const base = { to: registration.mobileNumber, clock: row.site, reminder: message.kind === 'code_reminder' };
  // Completing the profile cancels the texts queued then; this catches a completion that raced it.
  if (registration.isCompleted) return { ...base, ...cancelled(COMPLETED_CODE) };
  const link = (code: string) => `${context.publicUrl}/?id=${code}`;
  if (message.kind === 'code') {
    if (!message.linkToken) return null;
    return {
      ...base,
      ...wanted(smsText(context.template, { operator: context.operatorName, link: link(message.linkToken) })),
    };
  }
  if (registration.expiresAt && registration.expiresAt.getTime() <= now.getTime()) {
    return { ...base, ...cancelled(CANCEL_CODES.expired) };
  }
  if (!(await firstSent(context.db, eq(smsMessages.registrationId, registration.id), 'code'))) {
    return { ...base, ...cancelled(CANCEL_CODES.firstNotSent) };
  }
  if (!row.reminderOn) return { ...base, ...cancelled(CANCEL_CODES.reminderOff) };
  const code = context.codeSecret ? codeAgain(context.codeSecret, registration) : null;
  if (!code) return { ...base, ...cancelled(CANCEL_CODES.codeNotKept) };
  return { ...base, ...wanted(codeReminderText({ operator: context.operatorName, link: link(code) })) };
}

/**
 * An invitation's text, and its one reminder: in the member's language, naming the visit's site, whose sending
 * window they wait for. The first one going out sets the invitation's `sent_at` and writes `survey.invited` (never
 * for the demo's member).
 */
async function invitationPlan(context: PlanContext, message: SmsRow, now: Date): Promise<TextPlan | null> {
  if (!message.invitationId) return null;
  const [row] = await context.db
    .select({
      invitation: surveyInvitations,
      mobileNumber: customers.mobileNumber,
      site: siteClockColumns,
      siteName: sites.name,
      asking: sites.askAfterVisit,
      reminderOn: sites.inviteReminder,
    })
    .from(surveyInvitations)
    .innerJoin(customers, eq(customers.id, surveyInvitations.customerId))
    .leftJoin(sites, eq(sites.id, surveyInvitations.siteId))
    .where(eq(surveyInvitations.id, message.invitationId));
  if (!row) return null;
  const { invitation } = row;
  const reminder = message.kind === 'invitation_reminder';
  const base = { to: row.mobileNumber, clock: row.site, reminder };
  if (invitation.answeredAt) return { ...base, ...cancelled(ANSWERED_CODE) };
  if (invitation.expiresAt.getTime() <= now.getTime()) return { ...base, ...cancelled(CANCEL_CODES.invitationExpired) };
  if (reminder) {
    if (!invitation.sentAt) return { ...base, ...cancelled(CANCEL_CODES.firstNotSent) };
    if (!row.asking) return { ...base, ...cancelled(CANCEL_CODES.askingOff) };
    if (!row.reminderOn) return { ...base, ...cancelled(CANCEL_CODES.reminderOff) };
  }
  if (!context.invitationSecret) return { ...base, ...cancelled(CANCEL_CODES.codeNotKept) };
  const language = isLanguage(invitation.language) ? invitation.language : 'en';
  const values = {
    operator: context.operatorName,
    site: row.siteName ?? invitation.siteId,
    link: invitationLink(context.publicUrl, invitationCodeFor(context.invitationSecret, invitation.id)),
  };
  if (reminder) return { ...base, ...wanted(invitationReminderText(language, values)) };
  return {
    ...base,
    ...wanted(invitationText(language, values)),
    afterSent: async (tx, sentAt) => {
      const [first] = await tx
        .update(surveyInvitations)
        .set({ sentAt })
        .where(and(eq(surveyInvitations.id, invitation.id), isNull(surveyInvitations.sentAt)))
        .returning();
      if (first && !(await isDemoCustomer(tx, first.customerId))) {
        await recordEvent(tx, 'survey.invited', invitedData(first, sentAt), sentAt);
      }
    },
  };
}

/** The plan of a queued text, by its kind; null when what it was about is gone (its job then does nothing). */
export const planText = (context: PlanContext, message: SmsRow, now: Date): Promise<TextPlan | null> =>
  message.kind === 'invitation' || message.kind === 'invitation_reminder'
    ? invitationPlan(context, message, now)
    : codePlan(context, message, now);
