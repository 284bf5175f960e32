import { derivedCode, derivedKey } from '../../platform/values/derived-codes';
import { hashToken } from '../../platform/values/tokens';

/**
 * A registration's code is made from its id with a key of the server's (decision 045), so that the counter can show
 * or text it again while the database still keeps only its hash. The key is derived from AUTH_SECRET, which every
 * instance on one database shares (server/features/staff/local-secrets.ts), and is never the session-signing key itself.
 */
export interface CodeSecret {
  key: Buffer;
}

export const codeSecretOf = (authSecret: string): CodeSecret => ({
  key: derivedKey(authSecret, 'club-profile registration codes v1'),
});

export const codeFor = (secret: CodeSecret, registrationId: string): string => derivedCode(secret.key, registrationId);

/**
 * The code of a stored registration, made again, or null when this key did not make it: a code issued before codes
 * were derived, or under another AUTH_SECRET, still opens the form but cannot be shown again.
 */
export function codeAgain(secret: CodeSecret, row: { id: string; tokenHash: string | null }): string | null {
  const code = codeFor(secret, row.id);
  return row.tokenHash !== null && hashToken(code) === row.tokenHash ? code : null;
}
