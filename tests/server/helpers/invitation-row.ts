import { randomUUID } from 'node:crypto';
import { INVITATION_DAYS } from '../../../src/domain/invitations';
import type { Db } from '../../../server/platform/db/client';
import { surveyInvitations } from '../../../server/platform/db/schema';
import {
  invitationCodeFor,
  invitationCodeHash,
  invitationSecretOf,
} from '../../../server/features/invitations/invitation-code';

const DAY_MS = 24 * 60 * 60 * 1000;

export type InvitationRow = typeof surveyInvitations.$inferInsert;

/**
 * An invitation after a visit, inserted as the invitation job makes one (decision 053): its code made from its id
 * with the server's key, only the hash stored, seven days to answer from `createdAt`. Answers the row and the code
 * its link carries. Tests of answering make their invitations here rather than through the job.
 */
export async function insertInvitation(
  db: Db,
  authSecret: string,
  row: Pick<InvitationRow, 'customerId'> & Partial<InvitationRow>,
): Promise<{ invitation: typeof surveyInvitations.$inferSelect; code: string }> {
  const id = row.id ?? randomUUID();
  const code = invitationCodeFor(invitationSecretOf(authSecret), id);
  const createdAt = row.createdAt ?? new Date();
  const [invitation] = await db
    .insert(surveyInvitations)
    .values({
      siteId: '7',
      language: 'en',
      sentAt: createdAt,
      expiresAt: new Date(createdAt.getTime() + INVITATION_DAYS * DAY_MS),
      ...row,
      id,
      tokenHash: invitationCodeHash(code),
      createdAt,
    })
    .returning();
  return { invitation: invitation!, code };
}
