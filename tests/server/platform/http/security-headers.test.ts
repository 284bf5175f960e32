import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../../server/env';
import {
  apiReferencePolicy,
  contentSecurityPolicy,
  securityHeaders,
} from '../../../../server/platform/http/security-headers';

const ANALYTICS = 'https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com';
/** The policy's directives after img-src and connect-src, the same for every configuration. */
const REST = "font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
const OWN_ORIGIN_ONLY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  `connect-src 'self'; ${REST}`;

describe('the Content-Security-Policy', () => {
  it("allows only the app's own origin when there is no analytics id and the logo is ours", () => {
    expect(contentSecurityPolicy({ analyticsId: '', logoUrl: '/logo.svg' })).toBe(OWN_ORIGIN_ONLY);
  });

  it("adds the Google tag's hosts with an analytics id, and a logo's origin", () => {
    expect(contentSecurityPolicy({ analyticsId: 'G-TEST123', logoUrl: 'https://cdn.example/brand/logo.png' })).toBe(
      "default-src 'self'; script-src 'self' https://www.googletagmanager.com; style-src 'self' 'unsafe-inline'; " +
        `img-src 'self' data: https://cdn.example ${ANALYTICS}; connect-src 'self' ${ANALYTICS}; ${REST}`,
    );
  });

  it.each([
    ['http://cdn.example/logo.png', ' https://cdn.example'.replace('https', 'http')],
    ['/proxy?u=https://cdn.example/logo.png', ''],
    ['http://', ''],
    ['ftp://files.example/logo.png?via=https://cdn.example', ''],
  ])('takes the logo %s into img-src as its origin, if it has one', (logoUrl, origin) => {
    expect(contentSecurityPolicy({ analyticsId: '', logoUrl })).toContain(`img-src 'self' data:${origin};`);
  });

  it("the API reference's: our origin only, and its inline scripts by their hashes", () => {
    expect(apiReferencePolicy(['abc=', 'def='])).toBe(
      "default-src 'self'; script-src 'self' 'sha256-abc=' 'sha256-def='; style-src 'self' 'unsafe-inline'; " +
        `img-src 'self' data:; connect-src 'self'; ${REST}`,
    );
  });
});

describe('securityHeaders', () => {
  const headersOf = async (publicUrl: string) => {
    const app = new Hono();
    app.use('*', securityHeaders(parseEnv({ API_KEY: 'test-api-key', PUBLIC_URL: publicUrl })));
    app.get('/', (c) => c.text('ok'));
    const res = await app.request('/');
    const headers = Object.fromEntries(res.headers);
    delete headers['content-type'];
    return headers;
  };

  const FIXED = {
    'content-security-policy': OWN_ORIGIN_ONLY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };

  it('sends the policy and the fixed headers on every answer', async () => {
    expect(await headersOf('http://localhost:3000')).toEqual(FIXED);
  });

  it('adds Strict-Transport-Security only where the public address is https', async () => {
    expect(await headersOf('https://club.example')).toEqual({
      ...FIXED,
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
  });
});
