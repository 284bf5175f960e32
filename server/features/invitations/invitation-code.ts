import { derivedCode, derivedKey } from '../../platform/values/derived-codes';
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
  key: derivedKey(authSecret, 'club-profile survey invitations v1'),
});

export const invitationCodeFor = (secret: InvitationSecret, invitationId: string): string =>
  derivedCode(secret.key, invitationId);

/** The hash an invitation row keeps of its code. */
export const invitationCodeHash = (code: string): string => hashToken(code);

/** The link a member answers an invitation by (`/survey?invite=CODE`). */
export const invitationLink = (publicUrl: string, code: string): string =>
  `${publicUrl}/survey?invite=${encodeURIComponent(code)}`;
