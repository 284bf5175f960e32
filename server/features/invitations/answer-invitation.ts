import { eq } from 'drizzle-orm';
import type { InvitationAnswer } from '../../../src/domain/invitations';
import type { StoredSurvey } from '../../../src/domain/survey';
import type { Tx } from '../../platform/db/client';
import { smsMessages, surveyInvitations } from '../../platform/db/schema';
import { ANSWERED_CODE, cancelQueuedTexts } from '../integrations/sms/queue-sms';
import { recordSurvey } from '../surveys/record-survey';
import { openInvitation } from './find-invitation';

export interface AnswerInvitationOptions {
  now: Date;
  /** FOLLOW_UP_HOURS: a detractor's case is due this long after it opens. */
  followUpHours: number;
  /** Runs once the invitation is known to be answerable and before anything is written (the HTTP edge's budgets). */
  beforeInsert?: (customerId: string) => Promise<void>;
}

/**
 * Stores the spec's survey for an invitation's member, once (decision 053): the invitation's row is locked, so that
 * of two answers of one link the second waits and is refused (410) with nothing written. The survey names the
 * invitation, the invitation is answered, and its texts still queued (the reminder) are cancelled, in the caller's
 * transaction. An empty answer (decision 038) is stored and uses the link as any other; a detractor's opens a case
 * at the visit's site (`recordSurvey`); the server sent the link, so no budget of cases from sign-ups without a code is
 * spent (decision 039 guards against strangers, not the members we asked).
 */
export async function answerInvitation(
  tx: Tx,
  code: string,
  answer: InvitationAnswer,
  options: AnswerInvitationOptions,
): Promise<StoredSurvey> {
  const invitation = await openInvitation(tx, code, options.now, { lock: true });
  const survey = await recordSurvey(
    tx,
    { ...answer, customerId: invitation.customerId },
    {
      invitation: { id: invitation.id, siteId: invitation.siteId },
      beforeInsert: options.beforeInsert,
      followUpHours: options.followUpHours,
      now: options.now,
    },
  );
  // An answer opened the link, whether or not the page looked it up first: answered never outruns opened.
  await tx
    .update(surveyInvitations)
    .set({ answeredAt: options.now, openedAt: invitation.openedAt ?? options.now })
    .where(eq(surveyInvitations.id, invitation.id));
  await cancelQueuedTexts(tx, eq(smsMessages.invitationId, invitation.id), ANSWERED_CODE, options.now);
  return survey;
}
