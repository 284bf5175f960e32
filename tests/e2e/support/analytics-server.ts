import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base } from '@playwright/test';
import { freePort } from '../../support/free-port';

/**
 * The compiled server again, configured with an analytics id (E2E_ANALYTICS_ID), on a port and an empty directory of
 * its own, for the worker that runs the analytics tests. Started here rather than by playwright.config.ts, which
 * starts its servers one after the other before any test: this one starts while the other workers test.
 */
export const test = base.extend<object, { analyticsServer: string }>({
  analyticsServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first argument.
    async ({}, use) => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'club-e2e-analytics-'));
      const server = spawn(process.execPath, ['dist/server/main.js'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: url,
          DATA_DIR: dataDir,
          ADMIN_API_KEY: process.env.E2E_ADMIN_API_KEY,
          API_KEY: process.env.E2E_API_KEY,
          ANALYTICS_ID: process.env.E2E_ANALYTICS_ID,
          KEEP_ALIVE_TIMEOUT_SECONDS: '120',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      try {
        // Its first start migrates an empty directory, while the other workers test: on a busy machine (a CI run
        // beside a benchmark took more than 60 s) that takes longer than the main server's start.
        await expect
          .poll(
            () =>
              fetch(`${url}/api/health`).then(
                (response) => response.ok,
                () => false,
              ),
            { timeout: 120_000 },
          )
          .toBe(true);
        await use(url);
      } finally {
        server.kill('SIGTERM');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
});
