import { and, eq, isNull } from 'drizzle-orm';
import { unnamedSiteName } from '../../../src/domain/sites';
import type { InvitationLookup } from '../../../src/domain/invitations';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../src/domain/language';
import type { Db, Tx } from '../../platform/db/client';
import { sites, surveyInvitations } from '../../platform/db/schema';
import { ApiError } from '../../platform/http/api-error';
import { looksLikeToken } from '../../platform/values/tokens';
import { invitationCodeHash } from './invitation-code';

export type InvitationRow = typeof surveyInvitations.$inferSelect;

export const INVITATION_MESSAGES = {
  notFound: 'This survey link is not valid.',
  used: 'This survey link was already answered. Thank you!',
  expired: 'This survey link has expired.',
} as const;

/**
 * The invitation a link's code opens, still answerable at `now`: an unknown code is 404 `not_found`, an answered one
 * 410 `invitation_used`, one past its seven days 410 `invitation_expired` (decision 053). With `lock`, the row is
 * held until the transaction ends, so that two answers of one link are one answer and one refusal.
 */
export async function openInvitation(
  db: Db | Tx,
  code: string,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<InvitationRow> {
  const row = looksLikeToken(code) ? await rowOf(db, invitationCodeHash(code), options.lock ?? false) : undefined;
  if (!row) throw new ApiError(404, 'not_found', INVITATION_MESSAGES.notFound);
  // A gone link still says its member's language: the page tells them why in it.
  const language = isLanguage(row.language) ? row.language : undefined;
  if (row.answeredAt)
    throw new ApiError(410, 'invitation_used', INVITATION_MESSAGES.used, undefined, undefined, language);
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw new ApiError(410, 'invitation_expired', INVITATION_MESSAGES.expired, undefined, undefined, language);
  }
  return row;
}

async function rowOf(db: Db | Tx, tokenHash: string, lock: boolean): Promise<InvitationRow | undefined> {
  const query = db.select().from(surveyInvitations).where(eq(surveyInvitations.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * What the survey page needs to ask in the member's language, naming the visit's site; the first lookup notes the
 * link's opening (the dashboard's "opened"), later ones write nothing.
 */
export async function lookUpInvitation(db: Db, code: string, now: Date): Promise<InvitationLookup> {
  const row = await openInvitation(db, code, now);
  if (!row.openedAt) {
    await db
      .update(surveyInvitations)
      .set({ openedAt: now })
      .where(and(eq(surveyInvitations.id, row.id), isNull(surveyInvitations.openedAt)));
  }
  const [site] = await db.select({ name: sites.name }).from(sites).where(eq(sites.id, row.siteId));
  return {
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    siteName: site?.name ?? unnamedSiteName(row.siteId),
  };
}
