import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base } from '@playwright/test';
import { freePort } from '../support/free-port';
import { expectNoSeriousViolations } from './support/axe';
import { STAFF_PASSWORD } from './support/console';

/**
 * Decision 049 needs the database `npm start` meets first: empty, so that it issues the demo code. The shared
 * server's demo is gone at the first real code another test issues, so this test starts the compiled server again on
 * an empty directory of its own (as the analytics tests do), and is that server's only client.
 */
const test = base.extend<object, { emptyServer: { url: string; dataDir: string } }>({
  emptyServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first argument.
    async ({}, use) => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'club-e2e-demo-'));
      const server = spawn(process.execPath, ['dist/server/main.js'], {
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: dataDir },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      try {
        const healthy = () =>
          fetch(`${url}/api/health`).then(
            (response) => response.ok,
            () => false,
          );
        await expect.poll(healthy, { timeout: 120_000 }).toBe(true);
        await use({ url, dataDir });
      } finally {
        server.kill('SIGTERM');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
});

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('an owner sees the demo left out, shows it counted, and removes it for good', async ({ page, emptyServer }) => {
  const cliKey = readFileSync(join(emptyServer.dataDir, 'cli-key'), 'utf8').trim();
  const email = 'owner@demo.example';
  const added = await page.request.post(`${emptyServer.url}/api/admin/staff`, {
    headers: { authorization: `Bearer ${cliKey}` },
    data: { email, role: 'owner', sites: [], password: STAFF_PASSWORD },
  });
  expect(added.status()).toBe(201);
  const signedIn = await page.request.post(`${emptyServer.url}/api/auth/sign-in/email`, {
    data: { email, password: STAFF_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  await page.goto(`${emptyServer.url}/admin`);

  const notice = page.getByRole('region', { name: 'Demo data' });
  await expect(notice).toContainText('made 1 code, 0 members, 0 surveys, 0 follow-up cases and Site 1');
  await expect(notice).toContainText('No figure, list or export counts them.');
  const issued = page.getByRole('definition').first();
  await expect(page.getByRole('term').first()).toHaveText('Codes issued');
  await expect(issued).toHaveText('0');
  await expectNoSeriousViolations(page);

  // Shown, the figures count it: the dashboard is asked again with the flag.
  const flagged = page.waitForRequest((request) => request.url().includes('/api/admin/dashboard?includeDemo=true'));
  await notice.getByRole('checkbox', { name: 'Show demo data' }).click();
  await flagged;
  await expect(issued).toHaveText('1');
  await expect(notice).toContainText('counted in the figures, lists and exports while "Show demo data" is on');

  // Removing asks first; cancelled, nothing goes, and the focus is back on the button.
  const remove = notice.getByRole('button', { name: 'Remove demo data' });
  await remove.click();
  const confirm = page.getByRole('dialog', { name: 'Remove demo data?' });
  await expect(confirm).toContainText('This deletes 1 code, 0 members, 0 surveys, 0 follow-up cases and Site 1');
  await expectNoSeriousViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();

  await remove.click();
  await confirm.getByRole('button', { name: 'Remove demo data' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Demo data removed' })).toBeVisible();
  await expect(notice).toBeHidden();
  await expect(issued).toHaveText('0');
  await expectNoSeriousViolations(page);

  // Gone for good: a reload shows no notice, and the audit log names the removal.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(notice).toBeHidden();
  const audit = await page.request.get(`${emptyServer.url}/api/admin/audit-events`);
  const actions = ((await audit.json()) as { results: { action: string }[] }).results.map((row) => row.action);
  expect(actions).toContain('demo_data_removed');
});
