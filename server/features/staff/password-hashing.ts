import { hashPassword, verifyPassword } from 'better-auth/crypto';

/**
 * The library's own password hashing (scrypt), reached through this object so that the work a sign-in does can be
 * counted: every attempt, whether the email is unknown, the account disabled or the password wrong, must cost one
 * hash, or its timing would tell the cases apart (tests/server/features/staff/auth.routes.test.ts counts them).
 */
export const passwordHashing = {
  hash: (password: string) => hashPassword(password),
  verify: (data: { hash: string; password: string }) => verifyPassword(data),
};
