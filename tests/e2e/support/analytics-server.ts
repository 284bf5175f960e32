import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';

/** A port nothing listens on now: the server's PUBLIC_URL must name it before it starts. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/** Resolves once `url` answers 200; the server's first start migrates an empty directory. */
async function answering(url: string, exited: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited()) throw new Error('The analytics server ended before it answered');
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

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
      let ended = false;
      void exited.then(() => (ended = true));
      try {
        await answering(`${url}/api/health`, () => ended, 60_000);
        await use(url);
      } finally {
        server.kill('SIGTERM');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});
