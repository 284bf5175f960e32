import type { MiddlewareHandler } from 'hono';
import type { Env } from '../../env';
import { defaultHeaders } from './response-headers';

/** Google tag hosts, allowed only when an analytics id is configured. */
const ANALYTICS_SCRIPT_HOSTS = ['https://www.googletagmanager.com'];
const ANALYTICS_CONNECT_HOSTS = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

function originOf(url: string): string | undefined {
  try {
    return /^https?:\/\//.test(url) ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}

const serialized = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

/** A policy that allows what the app loads and nothing else. */
export function contentSecurityPolicy(env: Pick<Env, 'analyticsId' | 'logoUrl'>): string {
  const analytics = env.analyticsId !== '';
  const logoOrigin = originOf(env.logoUrl);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(analytics ? ANALYTICS_SCRIPT_HOSTS : [])],
    // Radix dialogs add a <style> element to lock scrolling while open.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...(logoOrigin ? [logoOrigin] : []), ...(analytics ? ANALYTICS_CONNECT_HOSTS : [])],
    'connect-src': ["'self'", ...(analytics ? ANALYTICS_CONNECT_HOSTS : [])],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return serialized(directives);
}

/**
 * The API reference page's policy (server/features/openapi/api-reference.routes.ts): our own origin only, whatever
 * the app's policy allows for analytics or a logo, plus the page's one inline script by its hash. Scalar sets
 * styles inline; its `new Function` probe is caught and falls back, so no 'unsafe-eval'.
 */
export function apiReferencePolicy(inlineScriptHashes: readonly string[]): string {
  return serialized({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes.map((hash) => `'sha256-${hash}'`)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/** The headers every answer gets unless its route names its own, as [name, value]: made once per app. */
function fixedHeaders(https: boolean): [string, string][] {
  return [
    ['X-Content-Type-Options', 'nosniff'],
    // The registration code is in the address: no link or third party may receive it as a referrer.
    ['Referrer-Policy', 'no-referrer'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
    ...(https ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
  ];
}

/** The app's policy and the fixed headers, on every answer that does not name its own (the API reference's policy). */
export function securityHeaders(env: Env): MiddlewareHandler {
  return defaultHeaders([
    ['Content-Security-Policy', contentSecurityPolicy(env)],
    ...fixedHeaders(env.publicUrl.startsWith('https://')),
  ]);
}
