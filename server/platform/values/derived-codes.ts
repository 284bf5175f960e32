import { createHmac } from 'node:crypto';

/**
 * Codes made from a record's id with a key of the server's, so that the database keeps only their hash and the
 * server can still make a code again to show or text it (decisions 045, 053). Each use has its own key, derived from
 * AUTH_SECRET (which every instance on one database shares) and never the session-signing key itself: a code of one
 * use is never a code of another.
 */
export const derivedKey = (authSecret: string, use: string): Buffer =>
  createHmac('sha256', authSecret).update(use).digest();

/** 192 bits of the id's HMAC, URL-safe: 32 characters, as random codes were. */
export const derivedCode = (key: Buffer, id: string): string =>
  createHmac('sha256', key).update(id).digest().subarray(0, 24).toString('base64url');
