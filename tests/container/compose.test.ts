import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { composeTool, run } from './support/docker';

const tool = await composeTool();
const NO_TOOL = 'neither docker compose nor docker-compose is on this machine';
if (!tool) console.warn(`compose.yaml not checked: ${NO_TOOL}`);

/** The settings compose.yaml requires, as an operator exports them. */
const REQUIRED = {
  POSTGRES_PASSWORD: 'a1b2c3d4e5f6a1b2c3d4e5f6',
  AUTH_SECRET: 'an-auth-secret-of-at-least-32-characters',
  PUBLIC_URL: 'https://club.example',
};

// An empty env file: a developer's own .env beside compose.yaml must not fill in what the test leaves out.
const scratch = mkdtempSync(join(tmpdir(), 'club-compose-'));
const emptyEnvFile = join(scratch, 'empty.env');
writeFileSync(emptyEnvFile, '');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `<tool> config`: compose.yaml resolved with these settings and no others, as `docker compose up` would. */
function config(settings: Record<string, string>) {
  const [command, ...args] = tool!;
  return run(command!, [...args, '--env-file', emptyEnvFile, '-f', 'compose.yaml', 'config'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...settings },
  });
}

describe.skipIf(!tool)(
  tool ? `compose.yaml, checked by ${tool.join(' ')} config` : `compose.yaml (skipped: ${NO_TOOL})`,
  () => {
    it('is valid once its required settings are given', async () => {
      const resolved = await config(REQUIRED);
      expect(resolved.stderr).not.toMatch(/error|invalid/i);
      expect(resolved.code).toBe(0);
    });

    it.each(Object.keys(REQUIRED))('refuses to run without %s, saying what to set', async (name) => {
      const rest = Object.fromEntries(Object.entries(REQUIRED).filter(([other]) => other !== name));
      const refused = await config(rest);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain(`set ${name}`);
    });
  },
);
