import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * The real server on a free port with a throw-away PGlite directory. Worker processes inherit these
 * variables, so the port and directory are chosen once, by the main process.
 */
const freePort = () =>
  execFileSync(process.execPath, [
    '-e',
    'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})',
  ]).toString();
/** Directories this process made: removed when it exits, once Playwright has stopped the servers. */
const made: string[] = [];
const scratchDir = (prefix: string): string => {
  if (made.length === 0) process.on('exit', () => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= scratchDir('club-e2e-');
// The analytics tests start a second server with this id (tests/e2e/support/analytics-server.ts).
process.env.E2E_ANALYTICS_ID ??= 'G-E2ETEST123';
process.env.E2E_ADMIN_API_KEY ??= 'e2e-admin-key-0123456789';
// WEBHOOK_URL's receiver and the fake Twilio: nothing listens there until the integrations spec starts them.
process.env.E2E_RECEIVER_PORT ??= freePort();
process.env.E2E_TWILIO_PORT ??= freePort();
// SMTP_URL's mail catcher: nothing listens there until the follow-ups spec starts it (the alerts retry meanwhile).
process.env.E2E_SMTP_PORT ??= freePort();
process.env.E2E_WEBHOOK_SECRET ??= `whsec_${Buffer.alloc(24, 11).toString('base64')}`;
process.env.E2E_TWILIO_SID ??= `AC${'e2e0'.repeat(8)}`;
process.env.E2E_API_KEY ??= 'e2e-api-key';

/**
 * What ships: the compiled server in dist/, with plain node. `npm test` builds once before Vitest and Playwright;
 * the servers here never build (scripts/start.mjs would, on a stale build), so run `npm run build` first.
 */
const serverCommand = 'node dist/server/main.js';
if (!existsSync(new URL('dist/server/main.js', import.meta.url))) {
  throw new Error('There is no build in dist/: run `npm run build` before `playwright test`.');
}

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // The specs share the server, each test with data of its own (codes, numbers, sites, staff). On the 2-core CI
  // machine a test waits on its server and the browser part of the time: three workers took 93-96 s where two took
  // 104 s and four 103 s (2026-11, the headless shell).
  workers: 3,
  // A scenario test walks several console pages with an accessibility check on each; on a slow 2-core machine
  // (this session's ran every test about three times slower than the last) it needs more than the default 30 s.
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL,
    // Recording a trace costs every test, passing or not: on CI's two cores it took about 40% of the browser suite's
    // time (console and profile specs: 140-173 s with it, 83-97 s without). A failure keeps its screenshot; to see
    // its trace, run the failing spec again with `npx playwright test <spec> --trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 390, height: 844 },
    launchOptions: {
      // Debian's build of Chromium's headless shell, which Playwright itself runs for headless tests: the full
      // browser's new headless mode composites every frame in a GPU process of its own, in software here, and
      // took three times the CPU for the same tests (decision 033).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: serverCommand,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        ADMIN_API_KEY: process.env.E2E_ADMIN_API_KEY,
        API_KEY: process.env.E2E_API_KEY,
        WEBHOOK_URL: `http://127.0.0.1:${process.env.E2E_RECEIVER_PORT}/hooks`,
        WEBHOOK_SECRET: process.env.E2E_WEBHOOK_SECRET,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: process.env.E2E_TWILIO_SID,
        TWILIO_AUTH_TOKEN: 'e2e-twilio-token',
        TWILIO_FROM: '+15005550006',
        TWILIO_API_BASE: `http://127.0.0.1:${process.env.E2E_TWILIO_PORT}`,
        // Texts go out whatever the hour the suite runs at; sms-quiet-hours.test.ts holds the sending window.
        SMS_WINDOW: '00:00-24:00',
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        MAIL_FROM: 'Club Profile <alerts@club.example>',
        // Playwright's request fixture reuses an idle connection and, unlike a browser, does not retry a reused one
        // the server closed at that moment: a test that calls the API again about KEEP_ALIVE_TIMEOUT_SECONDS (5)
        // after its last call met ECONNRESET. Longer than any test, so no test's connection expires mid-test.
        KEEP_ALIVE_TIMEOUT_SECONDS: '120',
        // Every test's codes and texts come from one key and a hundred fictional numbers: a till's budgets do not
        // fit a test suite (tests/server/platform/limits/throttled-routes.test.ts holds the budgets to theirs).
        CODES_PER_ISSUER_PER_HOUR: '100000',
        RETURNING_CODES_PER_ISSUER_PER_HOUR: '100000',
        TEXTS_PER_NUMBER_PER_DAY: '1000',
        TEXTS_PER_ISSUER_PER_HOUR: '100000',
      },
    },
  ],
});
