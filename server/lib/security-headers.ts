import type { MiddlewareHandler } from 'hono';
import type { Env } from '../env';

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
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export function securityHeaders(env: Env): MiddlewareHandler {
  const policy = contentSecurityPolicy(env);
  const https = env.publicUrl.startsWith('https://');
  return async (c, next) => {
    await next();
    c.header('Content-Security-Policy', policy);
    c.header('X-Content-Type-Options', 'nosniff');
    // The registration code is in the address: no link or third party may receive it as a referrer.
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (https) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    c.res.headers.delete('X-Powered-By');
  };
}
