import { readFileSync } from 'node:fs';
import { budgetFile } from './paths';

/** Every target the bench compares against, from bench/budget.json. */
export interface Budget {
  bundle: {
    /** First-load JS of a route divided by the baseline's, for gzip and brotli alike. Routes not listed: report only. */
    maxRatioToBaseline: Record<string, number>;
    /** A route whose first load must not fetch the named lazy chunk. */
    mustNotLoadChunk: Record<string, string>;
  };
  /** Lighthouse, throttling applied in the browser; main-thread work is its mainthread-work-breakdown total. */
  pageLoad: {
    maxLcpRatioToBaseline: number;
    minScore: number;
    maxCls: number;
    maxTbtMs: number;
    /** Main-thread work over the bare React page's in the same run. */
    maxMainThreadRatioToBaseline: number;
  };
  api: {
    /**
     * GET /api/registration-tokens/:token over the same lookup answered by a bare node:http process (raw SQL on a
     * copy of the server's PGlite, or a pg pool on the same PostgreSQL), and its p99 at 10 connections.
     */
    tokenLookup: { minRatioToBarePglite: number; minRatioToBarePostgres: number; maxP99Ms: number };
    /** GET /api/vehicles over a bare node:http process sending the same bytes, on either engine. */
    vehicles: { minRatioToBare: number };
    /** POST /api/customers over a raw transaction of the same SQL on the same engine. */
    customers: { minRatioToRawTransaction: number };
    /**
     * RSS growth of the server between warm-up and `afterRequests` requests: met when within either bound; and on
     * PostgreSQL, its RSS after them (on PGlite it is reported next to a bare PGlite holding the same data).
     */
    rss: { afterRequests: number; maxGrowthMb: number; maxGrowthPercent: number; maxOnPostgresMb: number };
  };
  phoneInput: { maxMedianMsPerKeystroke: number };
  /** The console's queries on a seeded chain: its size, and the dashboard's p99 on PGlite. */
  operator: { members: number; surveys: number; dashboardMaxP99Ms: number };
  /** Webhooks: how many events the delivery run sends, and the most POST /api/customers may slow with one endpoint. */
  integrations: { events: number; maxCustomerSlowdownPercent: number };
}

export function loadBudget(): Budget {
  const budget = JSON.parse(readFileSync(budgetFile, 'utf8')) as Budget;
  const parts = {
    bundle: budget.bundle,
    pageLoad: budget.pageLoad,
    'api.tokenLookup': budget.api?.tokenLookup,
    'api.vehicles': budget.api?.vehicles,
    'api.customers': budget.api?.customers,
    'api.rss': budget.api?.rss,
    phoneInput: budget.phoneInput,
    operator: budget.operator,
    integrations: budget.integrations,
  };
  const missing = Object.entries(parts).filter(([, part]) => part === undefined);
  if (missing.length > 0) throw new Error(`${budgetFile} lacks ${missing.map(([name]) => name).join(', ')}`);
  return budget;
}
