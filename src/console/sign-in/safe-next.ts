/**
 * Backslashes (which browsers read as `/`), `//` (a network path: `//host` is another site) and control characters
 * (a URL parser drops tabs and line breaks, so `/\t/host` becomes `//host`) have no place in a console path.
 */
const UNSAFE = /[\\\p{Cc}]|\/\//u;

/**
 * Where to go after signing in: `?next=` when it is a path inside the console (a leading `/`, so no scheme or
 * host either), else the dashboard. Anything else could leave the app (an open redirect) or, as `/\host` did,
 * strand the staff member on the sign-in page.
 */
export function safeNext(next: string | null): string {
  return next?.startsWith('/') && !UNSAFE.test(next) ? next : '/';
}
