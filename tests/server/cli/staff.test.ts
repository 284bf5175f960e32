import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_TIMEOUT_MS, dataDirWithCliKey, idlePort, runCli } from './support/run-cli';
import { ADMIN_API_KEY, CLI_KEY, startTestApp, type TestApp } from '../helpers/test-app';
import { signIn } from '../helpers/staff-session';

const staffCli = (args: string[], env: Record<string, string>) => runCli('staff', args, env);

describe('npm run staff with the server stopped', () => {
  let dataDir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'club-staff-cli-'));
    env = { DATA_DIR: dataDir, PORT: String(await idlePort()), ADMIN_API_KEY: '', DATABASE_URL: '' };
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'adds the first owner with a one-time password, lists staff and disables a member',
    { timeout: 4 * CLI_TIMEOUT_MS },
    async () => {
      const added = await staffCli(['add', '--email', 'Owner@Wash.example', '--role', 'owner'], env);
      expect(added.stdout).toContain('Added owner@wash.example  owner');
      expect(added.stdout).toMatch(/One-time password \(shown once; change it after signing in\): [\w-]{20}\n/);

      await staffCli(['add', '--email', 'site7@wash.example', '--role', 'manager', '--sites', '7, 9'], env);
      const listed = await staffCli(['list'], env);
      expect(listed.stdout).toBe('owner@wash.example  owner\nsite7@wash.example  manager (sites 7, 9)\n');

      const disabled = await staffCli(['disable', '--email', 'site7@wash.example'], env);
      expect(disabled.stdout).toContain('Disabled site7@wash.example  manager (sites 7, 9)  disabled');
      await expect(staffCli(['disable', '--email', 'owner@wash.example'], env)).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('The last owner cannot be demoted or disabled.') as string,
      });
      await expect(staffCli(['add', '--email', 'm@wash.example', '--role', 'manager'], env)).rejects.toMatchObject({
        stderr: expect.stringContaining('sites: A manager needs at least one site') as string,
      });
    },
  );
});

describe('npm run staff while a server holds the database', () => {
  let t: TestApp;
  let server: ServerType;
  let base: string;
  const keyDir = dataDirWithCliKey(CLI_KEY);
  beforeAll(async () => {
    t = await startTestApp('pglite');
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await t.close();
    keyDir.remove();
  });

  it(
    "adds a staff member through the admin API with the server's command-line key, whose password then signs in",
    { timeout: CLI_TIMEOUT_MS },
    async () => {
      // ADMIN_API_KEY is set too: a point-of-sale key, which the command does not use for staff.
      const { stdout } = await staffCli(['add', '--email', 'counter@wash.example', '--role', 'owner', '--url', base], {
        DATA_DIR: keyDir.dir,
        ADMIN_API_KEY,
      });
      const password = /One-time password[^:]*: (\S+)/.exec(stdout)?.[1];
      expect(password).toBeDefined();
      expect((await signIn(t, 'counter@wash.example', password)).status).toBe(200);
    },
  );
});
