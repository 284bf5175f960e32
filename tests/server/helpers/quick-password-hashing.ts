import type * as betterAuthCrypto from 'better-auth/crypto';
import { vi } from 'vitest';

/**
 * The server suites' setup: the library's password hashing at a test's cost, as Django's and Devise's test settings
 * do. better-auth hashes with scrypt at N = 16384, r = 16 (about 0.15 CPU-seconds a hash on CI's machine, by design),
 * and the suites hash about two hundred times a run: a tenth of their CPU time. Here the same scrypt, in the same
 * `salt:key` form, runs at N = 1024. Everything of ours around it runs as in production (server/features/staff/password-hashing.ts
 * and every call through it, which tests/server/features/staff/auth.routes.test.ts counts); the library's own cost runs in the
 * command-line smoke tests, `npm start`'s tests and the browser tests, whose servers are processes of their own.
 */
vi.mock('better-auth/crypto', async (importOriginal) => {
  const { randomBytes, scrypt } = await import('node:crypto');
  const keyOf = (password: string, salt: string) =>
    new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize('NFKC'), salt, 64, { N: 1024, r: 16, p: 1 }, (error, key) =>
        error ? reject(error) : resolve(key),
      ),
    );
  return {
    ...(await importOriginal<typeof betterAuthCrypto>()),
    hashPassword: async (password: string) => {
      const salt = randomBytes(16).toString('hex');
      return `${salt}:${(await keyOf(password, salt)).toString('hex')}`;
    },
    verifyPassword: async ({ hash, password }: { hash: string; password: string }) => {
      const [salt, key] = hash.split(':');
      if (!salt || !key) throw new Error('Invalid password hash');
      return (await keyOf(password, salt)).toString('hex') === key;
    },
  };
});
