import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app';
import { registrations } from '../../../../server/platform/db/schema';
import type { Env } from '../../../../server/env';
import { runtimeConfig } from '../../../../server/features/pages/embed-runtime-config';
import { spaRoutes } from '../../../../server/features/pages/spa';
import { FIRST_LOOKUP_ELEMENT_ID, type FirstLookup } from '../../../../src/domain/registration-lookup';
import { startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';
import { EMBEDDED_ONLY } from '../../helpers/test-database';

/** Decision 016: a browser opening `/?id=CODE` gets the lookup's answer, and an open code's form, in the page. */

const fakeBuilds: string[] = [];
afterAll(() => {
  for (const dist of fakeBuilds.splice(0)) rmSync(dist, { recursive: true, force: true });
});

/** A build as `npm run build` lays it out, with a stand-in for the customer app's server render. */
function fakeBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'club-first-screen-'));
  fakeBuilds.push(dist);
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'ssr'));
  writeFileSync(
    join(dist, 'index.html'),
    [
      '<!doctype html><html lang="en"><head><title>Club Membership Profile</title>',
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/chunk-def.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'),
  );
  writeFileSync(join(dist, 'assets', 'index-ghi.css'), '.form{color:navy}');
  // The real one renders the app (src/entry-server.tsx, checked in the browser by tests/e2e/first-screen.spec.ts).
  writeFileSync(
    join(dist, 'ssr', 'entry-server.js'),
    `export const createFirstScreenRender = (config) => (path, token, lookup, language) =>
      '<form aria-label="Membership profile">' + config.operatorName + ' ' + lookup.registration.mobileNumber +
      ' ' + (path.includes(token) ? 'path-has-code' : '') + (language === 'en' ? '' : ' in ' + language) + '</form>';`,
  );
  return dist;
}

const navigation = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };

function embeddedLookup(html: string): FirstLookup | undefined {
  const match = new RegExp(`<script id="${FIRST_LOOKUP_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as FirstLookup) : undefined;
}

describe.each(EMBEDDED_ONLY)('the page a link opens (%s)', (driver) => {
  let test: TestApp;
  const spa = (env: Env) => spaRoutes({ distDir: fakeBuild(), config: runtimeConfig(env) });
  beforeAll(async () => {
    test = await startTestApp(driver, { OPERATOR_NAME: 'Sudsy Wash', LOOKUP_MISSES_PER_MINUTE: '2' }, { spa });
  });
  afterAll(() => test.close());

  const openedAt = async (id: string) =>
    (await test.database.db.select().from(registrations).where(eq(registrations.id, id)))[0]?.openedAt ?? null;
  const open = (token: string, headers: Record<string, string> = navigation) =>
    test.app.request(`/?id=${token}&utm_source=sms`, { headers });

  it('renders the form in the browser’s language, or in the one the customer switched to this visit', async () => {
    const issued = await test.issue();
    const spanish = await (
      await open(issued.token, { ...navigation, 'accept-language': 'es-US,es;q=0.9,en;q=0.8' })
    ).text();
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain('+12015550143 path-has-code in es</form>');

    const switched = await (
      await open(issued.token, { ...navigation, 'accept-language': 'es-US', cookie: 'theme=dark; club_lang=en' })
    ).text();
    expect(switched).toContain('<html lang="en">');
    expect(switched).toContain('+12015550143 path-has-code</form>');

    const other = await (await open(issued.token, { ...navigation, 'accept-language': 'fr-FR,de;q=0.5' })).text();
    expect(other).toContain('<html lang="en">');
  });

  it('carries an open code’s registration and its rendered form, never the code, and is kept by no cache', async () => {
    const issued = await test.issue();
    const res = await open(issued.token);
    const html = await res.text();

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(embeddedLookup(html)).toEqual({
      kind: 'found',
      registration: expect.objectContaining({ id: issued.registration.id, mobileNumber: '+12015550143' }),
    });
    expect(html).toContain(
      '<div id="root"><form aria-label="Membership profile">Sudsy Wash +12015550143 path-has-code</form></div>',
    );
    expect(html).not.toContain(issued.token);
    // It paints from its HTML alone: the stylesheet is in it, the scripts come after.
    expect(html).toContain('<style>.form{color:navy}</style>');
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/chunk-def.js">');
    expect(await openedAt(issued.registration.id)).not.toBeNull();
  });

  it('gives a link preview or a script the plain page, and leaves the code unopened', async () => {
    const issued = await test.issue();
    const res = await open(issued.token, {});
    const html = await res.text();
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(embeddedLookup(html)).toBeUndefined();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('+12015550143');
    expect(await openedAt(issued.registration.id)).toBeNull();
  });

  it('says a used code is used, with its masked number and no form to render', async () => {
    const issued = await test.issue();
    expect((await test.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) })).status).toBe(
      201,
    );
    const html = await (await open(issued.token)).text();
    expect(embeddedLookup(html)).toMatchObject({
      kind: 'found',
      registration: { isCompleted: true, mobileNumber: '•••• 0143' },
    });
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">');
  });

  it('refuses an unknown code as the API does, counting it, and leaves the client to meet the 429 past the budget', async () => {
    const unknown = (n: number) => `unknown-code-${n}-${driver}-0123456789abcdef`;
    const headers = navigation;
    expect(embeddedLookup(await (await open(unknown(1), headers)).text())).toEqual({ kind: 'refused' });
    expect(embeddedLookup(await (await open(unknown(2), headers)).text())).toEqual({ kind: 'refused' });
    // The budget (2 a minute) is spent: the page carries no answer, and the client's own lookup gets the 429.
    const past = await open(unknown(3), headers);
    expect(past.status).toBe(200);
    expect(embeddedLookup(await past.text())).toBeUndefined();
  });

  it('serves the plain page, logging only the error’s class, when the database does not answer', async () => {
    const issued = await test.issue();
    const broken = createApp({
      env: test.env,
      db: new Proxy(test.database.db, {
        get: (target, property) => {
          if (property === 'select') throw new Error('connection refused to +12015550143');
          return Reflect.get(target, property) as unknown;
        },
      }),
      logger: { info: () => {}, error: (event, fields) => void test.logs.push(JSON.stringify({ event, ...fields })) },
      spa: spa(test.env),
    });
    const res = await broken.request(`/?id=${issued.token}`, { headers: navigation });
    expect(res.status).toBe(200);
    expect(embeddedLookup(await res.text())).toBeUndefined();
    expect(test.logs.join('\n')).toContain('"event":"page lookup failed","error":"Error"');
    expect(test.logs.join('\n')).not.toContain('+12015550143');
  });
});
