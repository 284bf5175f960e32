import { describe, expect, it } from 'vitest';
import { codeAgain, codeFor, codeSecretOf } from '../../../../server/features/registrations/code-secret';
import { hashToken, looksLikeToken } from '../../../../server/platform/values/tokens';

describe("a code made from its registration's id", () => {
  const secret = codeSecretOf('test-auth-secret-0123456789-0123456789');
  const id = '8e99746e-3d27-48e5-a3a4-c1ddbb0db994';

  it('is 32 URL-safe characters, one per id, and made again only with the key that made it', () => {
    const code = codeFor(secret, id);
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(looksLikeToken(code)).toBe(true);
    expect(codeFor(secret, '9e99746e-3d27-48e5-a3a4-c1ddbb0db994')).not.toBe(code);
    expect(codeAgain(secret, { id, tokenHash: hashToken(code) })).toBe(code);
    expect(
      codeAgain(codeSecretOf('another-auth-secret-0123456789-012345'), { id, tokenHash: hashToken(code) }),
    ).toBeNull();
    // A random code of before (or of the demo) cannot be made again.
    expect(codeAgain(secret, { id, tokenHash: hashToken('a-random-code-0123456789abcdef') })).toBeNull();
  });
});
