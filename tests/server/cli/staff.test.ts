import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStaffCli } from '../../../server/cli/staff/run-staff-cli';
import { lockDataDir } from '../../../server/platform/db/data-dir-lock';
import { writeServerUrl } from '../../../server/features/staff/local-secrets';
import { dataDirWithCliKey, emptyDataDir, migratedDataDir, type DataDir } from './support/data-dirs';
import { runCli } from './support/run-cli';
import { idlePort, serveTestApp } from './support/served-app';
import { SPAWN_TIMEOUT_MS, spawnCli } from './support/spawn-cli';
import { ADMIN_API_KEY, CLI_KEY, type TestApp } from '../helpers/test-app';
import { signIn } from '../helpers/staff-session';

const staffCli = (args: string[], settings: Record<string, string>) => runCli(runStaffCli, args, settings);

/** Several commands, each opening the embedded database in this process as the command line does. */
const SEVERAL_COMMANDS_MS = 120_000;

describe('npm run staff with the server stopped', () => {
  let dataDir: DataDir;
  let settings: Record<string, string>;
  beforeAll(async () => {
    dataDir = migratedDataDir();
    settings = { DATA_DIR: dataDir.dir, PORT: String(await idlePort()) };
  });
  afterAll(() => dataDir.remove());

  it(
    'adds the first owner with a one-time password, lists staff and disables a member',
    { timeout: SEVERAL_COMMANDS_MS },
    async () => {
      const added = await staffCli(['add', '--email', 'Owner@Wash.example', '--role', 'owner'], settings);
      expect(added.code).toBe(0);
      expect(added.stdout).toContain('Added owner@wash.example  owner');
      expect(added.stdout).toMatch(
        /One-time password \(shown once; change it after signing in\): [A-HJ-NP-Za-kmnp-z2-9]{4}(-[A-HJ-NP-Za-kmnp-z2-9]{4}){3}\n/,
      );

      const manager = await staffCli(
        ['add', '--email', 'site7@wash.example', '--role', 'manager', '--sites', '7, 9'],
        settings,
      );
      expect(manager.code).toBe(0);
      const listed = await staffCli(['list'], settings);
      expect(listed).toEqual({
        code: 0,
        stdout: 'owner@wash.example  owner\nsite7@wash.example  manager (sites 7, 9)\n',
        stderr: '',
      });

      const disabled = await staffCli(['disable', '--email', 'site7@wash.example'], settings);
      expect(disabled.stdout).toContain('Disabled site7@wash.example  manager (sites 7, 9)  disabled');
      expect(await staffCli(['disable', '--email', 'owner@wash.example'], settings)).toMatchObject({
        code: 1,
        stdout: '',
        stderr: expect.stringContaining('The last owner cannot be demoted or disabled.') as string,
      });
      expect(await staffCli(['add', '--email', 'm@wash.example', '--role', 'manager'], settings)).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('sites: A manager needs at least one site') as string,
      });
    },
  );

  it('shows its usage without a command, an email or a known role', async () => {
    for (const args of [[], ['remove'], ['disable'], ['add', '--email', 'a@wash.example', '--role', 'admin']]) {
      expect(await staffCli(args, settings)).toMatchObject({
        code: 2,
        stdout: '',
        stderr: expect.stringContaining('npm run staff -- add --email EMAIL --role owner|manager') as string,
      });
    }
  });
});

describe('npm run staff while a server holds the database', () => {
  let t: TestApp;
  let base: string;
  let close: () => Promise<void>;
  const keyDir = dataDirWithCliKey(CLI_KEY);
  const keylessDir = emptyDataDir();
  beforeAll(async () => {
    ({ t, base, close } = await serveTestApp());
  });
  afterAll(async () => {
    await close();
    keyDir.remove();
    keylessDir.remove();
  });

  it("adds a staff member through the admin API with the server's command-line key, whose password then signs in", async () => {
    // ADMIN_API_KEY is set too: a point-of-sale key, which the command does not use for staff.
    const { code, stdout } = await staffCli(
      ['add', '--email', 'counter@wash.example', '--role', 'owner', '--url', base],
      {
        DATA_DIR: keyDir.dir,
        ADMIN_API_KEY,
      },
    );
    expect(code).toBe(0);
    const password = /One-time password[^:]*: (\S+)/.exec(stdout)?.[1];
    expect(password).toBeDefined();
    expect((await signIn(t, 'counter@wash.example', password)).status).toBe(200);
  });

  it('finds the server on its DATA_DIR whatever PORT it was started with', async () => {
    // The server wrote where it answers into its DATA_DIR; this shell's PORT names a port nobody listens on.
    writeServerUrl(keyDir.dir, base);
    const { code, stdout } = await staffCli(['add', '--email', 'elsewhere@wash.example', '--role', 'owner'], {
      DATA_DIR: keyDir.dir,
      PORT: String(await idlePort()),
    });
    expect(code).toBe(0);
    const password = /One-time password[^:]*: (\S+)/.exec(stdout)?.[1];
    expect((await signIn(t, 'elsewhere@wash.example', password)).status).toBe(200);
  });

  it("says where the server's key was looked for when this DATA_DIR does not hold it", async () => {
    expect(await staffCli(['list', '--url', base], { DATA_DIR: keylessDir.dir, ADMIN_API_KEY })).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `A server is running at ${base}, but its key for this machine is not in ${keylessDir.dir}: ` +
        "run this with the server's DATA_DIR to manage staff through it.\n",
    });
  });
});

describe('npm run staff while a server holds the database and answers nowhere it looks', () => {
  let dataDir: DataDir;
  let unlock: () => Promise<void>;
  beforeAll(async () => {
    dataDir = emptyDataDir();
    unlock = await lockDataDir(dataDir.dir);
  });
  afterAll(async () => {
    await unlock();
    dataDir.remove();
  });

  it('says in one line what to do, with no stack trace', async () => {
    const port = String(await idlePort());
    expect(await staffCli(['list'], { DATA_DIR: dataDir.dir, PORT: port })).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `DATA_DIR ${dataDir.dir} is in use by a server that does not answer at http://127.0.0.1:${port}: ` +
        'run this again once it answers, with --url set to its address, or after it has stopped.\n',
    });
  });
});

describe('npm run staff, in a process of its own', () => {
  let dataDir: DataDir;
  beforeAll(() => {
    dataDir = migratedDataDir();
  });
  afterAll(() => dataDir.remove());

  it('adds the first owner, its one-time password on stdout', { timeout: SPAWN_TIMEOUT_MS }, async () => {
    const added = await spawnCli('staff', ['add', '--email', 'owner@wash.example', '--role', 'owner'], {
      DATA_DIR: dataDir.dir,
      PORT: String(await idlePort()),
      ADMIN_API_KEY: '',
      DATABASE_URL: '',
    });
    expect(added).toMatchObject({ code: 0 });
    expect(added.stdout).toMatch(
      /^Added owner@wash\.example {2}owner\nOne-time password [^:]*: [A-HJ-NP-Za-kmnp-z2-9]{4}(-[A-HJ-NP-Za-kmnp-z2-9]{4}){3}\nSign in at /,
    );
  });
});
