import type { Hono } from 'hono';
import { createApp } from '../../../server/app';
import type { Database } from '../../../server/platform/db/client';
import { seedVehicles } from '../../../server/platform/db/seed';
import { parseEnv, type Env } from '../../../server/env';
import type { Logger } from '../../../server/platform/logging/logger';
import type { LimitStore } from '../../../server/platform/limits/limit-store';
import type { SpaRoutes } from '../../../server/features/pages/spa';
import { issueRegistration } from '../../../server/features/registrations/issue-registration';
import { startIntegrations } from '../../../server/features/integrations/start-integrations';
import type { IssuedRegistration, NewRegistration } from '../../../src/domain/registration';
import { openTestDatabase, type Driver } from './test-database';

export const API_KEY = 'test-api-key';
/** ADMIN_API_KEY: a point-of-sale key (issue codes, read the registrations it issued). */
export const ADMIN_API_KEY = 'test-admin-key-0123456789';
/** The key `npm run staff` and `npm run member` use on the server's own machine: acts for the whole operator. */
export const CLI_KEY = 'test-cli-key-0123456789-0123456789';

export interface TestApp {
  app: Hono;
  env: Env;
  database: Database;
  logs: string[];
  call: (method: string, path: string, options?: CallOptions) => Promise<CallResult>;
  issue: (overrides?: Partial<NewRegistration>) => Promise<IssuedRegistration>;
  close: () => Promise<void>;
}

export interface CallOptions {
  json?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** Leave out the x-api-key header. */
  anonymous?: boolean;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read whatever the API answered
}

/**
 * Budgets far above what a suite sends, so only the suites about throttling meet them; those set their own (an
 * empty value means the production default).
 */
const ROOMY_LIMITS = {
  MANUAL_SIGNUPS_PER_HOUR: '100000',
  MANUAL_SIGNUP_CASES_PER_HOUR: '100000',
  SURVEYS_PER_CUSTOMER_PER_DAY: '1000',
  SURVEYS_PER_HOUR: '100000',
  ADMIN_KEY_FAILURES_PER_HOUR: '100000',
  SIGN_IN_FAILURES_PER_EMAIL_PER_HOUR: '100000',
  SIGN_IN_FAILURES_PER_HOUR: '100000',
  SIGN_IN_FAILURES_PER_EMAIL_PER_15_MINUTES: '100000',
  PASSWORD_CHANGE_FAILURES_PER_HOUR: '100000',
  CODES_PER_ISSUER_PER_HOUR: '100000',
  RETURNING_CODES_PER_ISSUER_PER_HOUR: '100000',
  VISITS_PER_ISSUER_PER_HOUR: '100000',
  TEXTS_PER_NUMBER_PER_DAY: '1000',
  TEXTS_PER_ISSUER_PER_HOUR: '100000',
};

/**
 * Texts may go out at any hour, so that no suite depends on the hour it runs at; the quiet-hours suites give sites
 * their own windows and the sending a clock (decision 031).
 */
const ANY_HOUR = { SMS_WINDOW: '00:00-24:00' };

export async function startTestApp(
  driver: Driver,
  envOverrides: Record<string, string> = {},
  options: {
    limitStore?: (database: Database) => LimitStore;
    /** Run the webhook and SMS workers, polling often, as the server does. */
    integrations?: boolean;
    /** Serve a build's pages too (server/features/pages/spa.ts). */
    spa?: (env: Env) => SpaRoutes;
  } = {},
): Promise<TestApp> {
  const env = parseEnv({
    NODE_ENV: 'test',
    API_KEY,
    ADMIN_API_KEY,
    PUBLIC_URL: 'https://club.example',
    TRUST_PROXY: 'true',
    AUTH_SECRET: 'test-auth-secret-0123456789-0123456789',
    ...ROOMY_LIMITS,
    ...ANY_HOUR,
    ...envOverrides,
  });
  const database = await openTestDatabase(driver);
  await seedVehicles(database.db);
  const logs: string[] = [];
  const logger: Logger = {
    info: (event, fields) => logs.push(JSON.stringify({ event, ...fields })),
    error: (event, fields) => logs.push(JSON.stringify({ event, ...fields })),
  };
  const app = createApp({
    env,
    db: database.db,
    logger,
    limitStore: options.limitStore?.(database),
    spa: options.spa?.(env),
    cliKey: CLI_KEY,
  });
  const workers = options.integrations
    ? await startIntegrations({ database, env, logger, pollingIntervalSeconds: 0.5 })
    : undefined;

  const call = async (method: string, path: string, options: CallOptions = {}): Promise<CallResult> => {
    const headers: Record<string, string> = { ...(options.anonymous ? {} : { 'x-api-key': API_KEY }) };
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.rawBody !== undefined) {
      body = options.rawBody;
    }
    const response = await app.request(path, { method, headers: { ...headers, ...options.headers }, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (the SPA's HTML): keep the text.
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };

  const issue = (overrides: Partial<NewRegistration> = {}) =>
    issueRegistration(
      database.db,
      {
        mobileNumber: '+12015550143',
        planName: 'Unlimited Wash Club',
        amount: 29.99,
        rechargeDate: '2026-12-15',
        siteId: '7',
        sourceSystem: 'test',
        isReturningCustomer: false,
        ...overrides,
      },
      env,
    );

  const close = async () => {
    await workers?.stop();
    await database.close();
  };
  return { app, env, database, logs, call, issue, close };
}

export { validCustomer } from '../../fixtures/customer';
