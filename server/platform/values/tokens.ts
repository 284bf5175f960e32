import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** 192 bits from the OS generator, URL-safe: the registration code a customer's text message carries. */
export function newRegistrationToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Only this hash is stored, so a copy of the database cannot open anyone's registration. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Codes we issue are 32 base64url characters; anything far from that shape is not worth a database query. */
export function looksLikeToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{16,128}$/.test(token);
}

export const newId = (): string => randomUUID();
