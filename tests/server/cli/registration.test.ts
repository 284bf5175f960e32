import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_KEY, startTestApp, type TestApp } from '../helpers/test-app';

const run = promisify(execFile);

describe('npm run registration', () => {
  let t: TestApp;
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });

  const cli = (args: string[], adminKey = ADMIN_API_KEY) =>
    run('npx', ['tsx', 'server/cli/registration.ts', '--url', base, ...args], {
      env: { ...process.env, ADMIN_API_KEY: adminKey },
    });

  it('issues a code through the admin endpoint and prints a link that opens it', async () => {
    const { stdout } = await cli(['--mobile', '(201) 555-0143', '--plan', 'Basic Plan', '--amount', '19.99']);
    const url = stdout.trim();
    expect(url).toMatch(/^https:\/\/club\.example\/\?id=[A-Za-z0-9_-]{32}$/);
    const lookup = await t.call('GET', `/api/registration-tokens/${url.split('=')[1]}`);
    expect(lookup.body).toMatchObject({ planName: 'Basic Plan', amount: 19.99, mobileNumber: '+12015550143' });
  });

  it('says why when the server refuses', async () => {
    await expect(cli(['--mobile', '12', '--plan', 'Basic Plan'])).rejects.toMatchObject({
      stderr: expect.stringContaining('Refused (400)') as string,
    });
    await expect(cli(['--mobile', '+12015550143', '--plan', 'Basic'], 'a-wrong-admin-key-000')).rejects.toMatchObject({
      stderr: expect.stringContaining('Refused (401)') as string,
    });
  });
});
