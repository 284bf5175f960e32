import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRegistrationCli } from '../../../server/cli/registration/run-registration-cli';
import { runCli } from './support/run-cli';
import { idlePort, serveTestApp } from './support/served-app';
import { SPAWN_TIMEOUT_MS, spawnCli } from './support/spawn-cli';
import { ADMIN_API_KEY, type TestApp } from '../helpers/test-app';

const LINK = /^https:\/\/club\.example\/\?id=[A-Za-z0-9_-]{32}$/;

describe('npm run registration', () => {
  let t: TestApp;
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, base, close } = await serveTestApp());
  });
  afterAll(() => close());

  const cli = (args: string[], adminKey = ADMIN_API_KEY) =>
    runCli(runRegistrationCli, ['--url', base, ...args], { ADMIN_API_KEY: adminKey });

  it('issues a code through the admin endpoint and prints a link that opens it', async () => {
    const { code, stdout, stderr } = await cli([
      '--mobile',
      '(201) 555-0143',
      '--plan',
      'Basic Plan',
      '--amount',
      '19.99',
    ]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const url = stdout.trim();
    expect(url).toMatch(LINK);
    const lookup = await t.call('GET', `/api/registration-tokens/${url.split('=')[1]}`);
    expect(lookup.body).toMatchObject({ planName: 'Basic Plan', amount: 19.99, mobileNumber: '+12015550143' });
  });

  it('says why when the server refuses', async () => {
    expect(await cli(['--mobile', '12', '--plan', 'Basic Plan'])).toMatchObject({
      code: 1,
      stdout: '',
      stderr: expect.stringContaining('Refused (400)') as string,
    });
    expect(await cli(['--mobile', '+12015550143', '--plan', 'Basic'], 'a-wrong-admin-key-000')).toMatchObject({
      code: 1,
      stdout: '',
      stderr: expect.stringContaining('Refused (401)') as string,
    });
  });

  it('shows its usage without a mobile number or a plan, and asks for ADMIN_API_KEY without one', async () => {
    expect(await cli(['--plan', 'Basic Plan'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run registration -- --mobile') as string,
    });
    expect(await runCli(runRegistrationCli, ['--mobile', '+12015550143', '--plan', 'Basic'], {})).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('ADMIN_API_KEY is not set') as string,
    });
  });

  it('says when no server answers', async () => {
    const port = String(await idlePort());
    const args = ['--mobile', '+12015550143', '--plan', 'Basic'];
    expect(await runCli(runRegistrationCli, args, { ADMIN_API_KEY, PORT: port })).toEqual({
      code: 1,
      stdout: '',
      stderr: `Could not reach the server at http://127.0.0.1:${port}. Is it running (npm start)?\n`,
    });
  });

  it('prints only the link on stdout, in a process of its own', { timeout: SPAWN_TIMEOUT_MS }, async () => {
    const issued = await spawnCli('registration', ['--url', base, '--mobile', '+12015550143', '--plan', 'Basic'], {
      ADMIN_API_KEY,
    });
    expect(issued.code).toBe(0);
    expect(issued.stdout).toMatch(new RegExp(`${LINK.source.slice(0, -1)}\\n$`));
  });
});
