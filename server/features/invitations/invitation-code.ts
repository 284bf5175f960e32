import { createHmac } from 'node:crypto';
import { hashToken } from '../../platform/values/tokens';

/**
 * An invitation's code is made from its id with a key of the server's, as a registration's is (decision 045), so
 * that its text and its one reminder can carry the link while the database keeps only its hash (decision 053). The
 * key is derived from AUTH_SECRET for this one use: a registration's code and an invitation's never coincide.
 */
export interface InvitationSecret {
  key: Buffer;
}

export const invitationSecretOf = (authSecret: string): InvitationSecret => ({
  key: createHmac('sha256', authSecret).update('club-profile survey invitations v1').digest(),
});

/** 192 bits of the id's HMAC, URL-safe: 32 characters, as a registration's code. */
export const invitationCodeFor = (secret: InvitationSecret, invitationId: string): string =>
  createHmac('sha256', secret.key).update(invitationId).digest().subarray(0, 24).toString('base64url');

/** The hash an invitation row keeps of its code. */
export const invitationCodeHash = (code: string): string => hashToken(code);

/** The link a member answers an invitation by (`/survey?invite=CODE`). */
export const invitationLink = (publicUrl: string, code: string): string =>
  `${publicUrl}/survey?invite=${encodeURIComponent(code)}`;
