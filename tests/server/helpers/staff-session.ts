import { CLI_KEY, type CallResult, type TestApp } from './test-app';

export const CONSOLE_ORIGIN = 'https://club.example';
export const OWNER_PASSWORD = 'correct horse battery staple';

/** Adds a staff member through the admin API, as `npm run staff` does while the server runs (its key). */
export async function addStaff(
  t: TestApp,
  member: { email: string; role: 'owner' | 'manager'; sites?: string[]; name?: string },
) {
  const res = await t.call('POST', '/api/admin/staff', {
    anonymous: true,
    headers: { authorization: `Bearer ${CLI_KEY}` },
    json: { password: OWNER_PASSWORD, ...member },
  });
  if (res.status !== 201) throw new Error(`Could not add ${member.email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.staff as { id: string; email: string };
}

/** The session cookie a sign-in answered with, as a Cookie header. */
export function cookieOf(res: CallResult): string {
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

export function signIn(t: TestApp, email: string, password = OWNER_PASSWORD, headers: Record<string, string> = {}) {
  return t.call('POST', '/api/auth/sign-in/email', {
    anonymous: true,
    json: { email, password },
    headers: { origin: CONSOLE_ORIGIN, ...headers },
  });
}

/** Signs in and returns the headers a console request sends: the cookie and our own origin. */
export async function sessionOf(t: TestApp, email: string): Promise<{ cookie: string; origin: string }> {
  const res = await signIn(t, email);
  if (res.status !== 200) throw new Error(`Could not sign in ${email}: ${res.status}`);
  return { cookie: cookieOf(res), origin: CONSOLE_ORIGIN };
}
