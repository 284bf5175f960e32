import * as v from 'valibot';
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/min';
import { DEFAULT_FOLLOW_UP_HOURS, MAX_FOLLOW_UP_HOURS } from '../src/domain/follow-ups';
import { DEFAULT_SMS_WINDOW, parseSendingWindow, type SendingWindow } from '../src/domain/quiet-hours';
import { isTimeZone } from '../src/domain/time-zone';
import { DEFAULT_SMS_TEMPLATE } from './features/integrations/sms/sms-text';
import { LOG_LEVELS } from './platform/logging/logger';
import { ENGLISH_WELCOME_DEFAULTS, paragraphsOf, spanishWelcome } from './features/pages/welcome-texts';

const DEFAULT_SITE = 'https://brightwater-carwash.example';

const integer = (fallback: number, min: number, max: number, name: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, `${name} must be a whole number`),
      v.transform(Number),
      v.minValue(min, `${name} must be at least ${min}`),
      v.maxValue(max, `${name} must be at most ${max}`),
    ),
    String(fallback),
  );

/** Hours, fractions allowed (`0.5` is 30 minutes), above 0 and at most `max`. */
const hours = (fallback: number, max: number, name: string) => {
  const message = `${name} must be a number of hours above 0 and at most ${max}, such as ${fallback} or 0.5`;
  return v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}(?:\.\d{1,6})?$/, message),
      v.transform(Number),
      v.gtValue(0, message),
      v.maxValue(max, message),
    ),
    String(fallback),
  );
};

/** `smtp://` (STARTTLS when offered) or `smtps://` (TLS from the start), with a host; nodemailer reads the rest. */
const isSmtpUrl = (value: string): boolean => {
  try {
    const parsed = new URL(value);
    return (parsed.protocol === 'smtp:' || parsed.protocol === 'smtps:') && parsed.hostname !== '';
  } catch {
    return false;
  }
};

/** MAIL_FROM's default: a sender any local mail catcher accepts; production sets its own domain's. */
export const DEFAULT_MAIL_FROM = 'Club Profile <alerts@localhost>';

const url = (fallback: string, name: string) =>
  v.optional(v.pipe(v.string(), v.url(`${name} must be an absolute URL`)), fallback);

/** Every setting as it is written in the environment, with its default and the message a wrong value gets. */
const settings = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  PORT: integer(3000, 0, 65535, 'PORT'),
  HOST: v.optional(v.string(), '0.0.0.0'),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('PUBLIC_URL must be an absolute URL'))),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './data'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(?:ql)?:\/\//, 'DATABASE_URL must be a postgres:// connection string')),
  ),
  DATABASE_CONNECT_TIMEOUT_SECONDS: integer(5, 1, 600, 'DATABASE_CONNECT_TIMEOUT_SECONDS'),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: integer(10, 1, 3600, 'DATABASE_STATEMENT_TIMEOUT_SECONDS'),
  MIGRATE_ON_START: v.optional(v.picklist(['true', 'false'], 'MIGRATE_ON_START must be true or false'), 'true'),
  RUN_JOBS: v.optional(v.picklist(['true', 'false'], 'RUN_JOBS must be true or false'), 'true'),
  REDIS_URL: v.optional(v.pipe(v.string(), v.regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// connection string'))),
  SEED_DEMO: v.optional(v.picklist(['true', 'false'], 'SEED_DEMO must be true or false')),
  API_KEY: v.optional(v.pipe(v.string(), v.minLength(8, 'API_KEY must be at least 8 characters')), 'club-profile-dev'),
  ADMIN_API_KEY: v.optional(v.pipe(v.string(), v.minLength(16, 'ADMIN_API_KEY must be at least 16 characters'))),
  TOKEN_TTL_DAYS: integer(30, 1, 3650, 'TOKEN_TTL_DAYS'),
  IDEMPOTENCY_TTL_HOURS: integer(24, 1, 24 * 365, 'IDEMPOTENCY_TTL_HOURS'),
  UNCOMPLETED_RETENTION_DAYS: integer(90, 0, 3650, 'UNCOMPLETED_RETENTION_DAYS'),
  // Longer than the day of retries: an event is never deleted while its delivery may still be tried.
  EVENT_RETENTION_DAYS: integer(30, 2, 3650, 'EVENT_RETENTION_DAYS'),
  LOOKUP_MISSES_PER_MINUTE: integer(30, 1, 100_000, 'LOOKUP_MISSES_PER_MINUTE'),
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(?:true|false|\d{1,2})$/, 'TRUST_PROXY must be false, true or a number of proxy hops (0-99)'),
      // `true` is one hop: the load balancer in front of us.
      v.transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value))),
    ),
    'false',
  ),
  MANUAL_SIGNUPS_PER_HOUR: integer(20, 1, 100_000, 'MANUAL_SIGNUPS_PER_HOUR'),
  MANUAL_SIGNUP_CASES_PER_HOUR: integer(3, 1, 100_000, 'MANUAL_SIGNUP_CASES_PER_HOUR'),
  SURVEYS_PER_CUSTOMER_PER_DAY: integer(3, 1, 1000, 'SURVEYS_PER_CUSTOMER_PER_DAY'),
  SURVEYS_PER_HOUR: integer(60, 1, 100_000, 'SURVEYS_PER_HOUR'),
  ADMIN_KEY_FAILURES_PER_HOUR: integer(10, 1, 100_000, 'ADMIN_KEY_FAILURES_PER_HOUR'),
  SIGN_IN_FAILURES_PER_EMAIL_PER_HOUR: integer(10, 1, 100_000, 'SIGN_IN_FAILURES_PER_EMAIL_PER_HOUR'),
  SIGN_IN_FAILURES_PER_HOUR: integer(30, 1, 100_000, 'SIGN_IN_FAILURES_PER_HOUR'),
  SIGN_IN_FAILURES_PER_EMAIL_PER_15_MINUTES: integer(20, 1, 100_000, 'SIGN_IN_FAILURES_PER_EMAIL_PER_15_MINUTES'),
  PASSWORD_CHANGE_FAILURES_PER_HOUR: integer(5, 1, 100_000, 'PASSWORD_CHANGE_FAILURES_PER_HOUR'),
  CODES_PER_ISSUER_PER_HOUR: integer(300, 1, 1_000_000, 'CODES_PER_ISSUER_PER_HOUR'),
  RETURNING_CODES_PER_ISSUER_PER_HOUR: integer(60, 1, 1_000_000, 'RETURNING_CODES_PER_ISSUER_PER_HOUR'),
  VISITS_PER_ISSUER_PER_HOUR: integer(3000, 1, 1_000_000, 'VISITS_PER_ISSUER_PER_HOUR'),
  TEXTS_PER_NUMBER_PER_DAY: integer(3, 1, 1000, 'TEXTS_PER_NUMBER_PER_DAY'),
  TEXTS_PER_ISSUER_PER_HOUR: integer(100, 1, 1_000_000, 'TEXTS_PER_ISSUER_PER_HOUR'),
  SMS_REPLIES_PER_NUMBER_PER_DAY: integer(3, 1, 1000, 'SMS_REPLIES_PER_NUMBER_PER_DAY'),
  TRUSTED_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((list) =>
        list
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
      v.array(
        v.pipe(
          v.string(),
          v.regex(
            /^https?:\/\/[^/?#\s]+$/,
            'TRUSTED_ORIGINS lists origins such as https://club.example, separated by commas',
          ),
          v.transform((origin) => new URL(origin).origin),
        ),
      ),
    ),
    '',
  ),
  AUTH_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'AUTH_SECRET must be at least 32 characters'))),
  SHUTDOWN_GRACE_SECONDS: integer(10, 0, 3600, 'SHUTDOWN_GRACE_SECONDS'),
  REQUEST_TIMEOUT_SECONDS: integer(15, 1, 3600, 'REQUEST_TIMEOUT_SECONDS'),
  HEADERS_TIMEOUT_SECONDS: integer(10, 1, 3600, 'HEADERS_TIMEOUT_SECONDS'),
  KEEP_ALIVE_TIMEOUT_SECONDS: integer(5, 1, 3600, 'KEEP_ALIVE_TIMEOUT_SECONDS'),
  MAX_CONNECTIONS: integer(1000, 1, 1_000_000, 'MAX_CONNECTIONS'),
  OPERATOR_NAME: v.optional(v.pipe(v.string(), v.nonEmpty()), 'Brightwater Car Wash'),
  LOGO_URL: v.optional(v.string(), '/logo.png'),
  TERMS_URL: url(`${DEFAULT_SITE}/terms`, 'TERMS_URL'),
  PRIVACY_URL: url(`${DEFAULT_SITE}/privacy`, 'PRIVACY_URL'),
  SUPPORT_URL: url(`${DEFAULT_SITE}/support`, 'SUPPORT_URL'),
  LOCATIONS_URL: url(`${DEFAULT_SITE}/locations`, 'LOCATIONS_URL'),
  MANAGE_MEMBERSHIP_URL: url(`${DEFAULT_SITE}/membership`, 'MANAGE_MEMBERSHIP_URL'),
  FAQS_URL: url(`${DEFAULT_SITE}/faq`, 'FAQS_URL'),
  OPERATOR_URL: url(DEFAULT_SITE, 'OPERATOR_URL'),
  WELCOME_HEADING: v.optional(v.string(), ENGLISH_WELCOME_DEFAULTS.heading),
  WELCOME_NEW_CUSTOMER: v.optional(v.string(), ENGLISH_WELCOME_DEFAULTS.newCustomer),
  WELCOME_RETURNING_CUSTOMER: v.optional(v.string(), ENGLISH_WELCOME_DEFAULTS.returningCustomer),
  WELCOME_HEADING_ES: v.optional(v.string()),
  WELCOME_NEW_CUSTOMER_ES: v.optional(v.string()),
  WELCOME_RETURNING_CUSTOMER_ES: v.optional(v.string()),
  REQUIRE_LICENSE_PLATE: v.optional(
    v.picklist(['true', 'false'], 'REQUIRE_LICENSE_PLATE must be true or false'),
    'false',
  ),
  ANALYTICS_ID: v.optional(v.pipe(v.string(), v.regex(/^G-[A-Z0-9]+$/, 'ANALYTICS_ID must look like G-XXXXXXX'))),
  DEFAULT_PHONE_COUNTRY: v.optional(
    v.pipe(
      v.string(),
      v.check((code) => isSupportedCountry(code), 'DEFAULT_PHONE_COUNTRY must be an ISO country code such as US'),
    ),
    'US',
  ),
  WEBHOOK_URL: v.optional(v.pipe(v.string(), v.url('WEBHOOK_URL must be an absolute URL'))),
  WEBHOOK_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^whsec_[A-Za-z0-9+/]{24,}={0,2}$/, 'WEBHOOK_SECRET must be whsec_ followed by a base64 key'),
    ),
  ),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: v.optional(
    v.picklist(['true', 'false'], 'WEBHOOK_ALLOW_PRIVATE_NETWORKS must be true or false'),
    'false',
  ),
  SMS_PROVIDER: v.optional(v.picklist(['twilio'], 'SMS_PROVIDER must be twilio')),
  TWILIO_ACCOUNT_SID: v.optional(v.pipe(v.string(), v.regex(/^AC\w{32}$/, 'TWILIO_ACCOUNT_SID must look like AC…'))),
  TWILIO_AUTH_TOKEN: v.optional(v.pipe(v.string(), v.nonEmpty())),
  TWILIO_FROM: v.optional(v.pipe(v.string(), v.nonEmpty())),
  TWILIO_API_BASE: url('https://api.twilio.com', 'TWILIO_API_BASE'),
  SUPPORT_PHONE: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\+?[\d\s().-]{3,30}$/, 'SUPPORT_PHONE must be a phone number such as +1 201 555 0100'),
    ),
  ),
  SMS_OPT_OUT_REPLIES: v.optional(v.picklist(['twilio', 'app'], 'SMS_OPT_OUT_REPLIES must be twilio or app'), 'twilio'),
  SMS_TEMPLATE: v.optional(
    v.pipe(v.string(), v.includes('{link}', 'SMS_TEMPLATE must contain {link}')),
    DEFAULT_SMS_TEMPLATE,
  ),
  DEFAULT_TIMEZONE: v.optional(
    v.pipe(v.string(), v.check(isTimeZone, 'DEFAULT_TIMEZONE must be an IANA time zone such as America/New_York')),
    'America/New_York',
  ),
  SMS_WINDOW: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (text) => parseSendingWindow(text) !== null,
        'SMS_WINDOW must be two 24-hour times such as 08:00-21:00, the first before the second',
      ),
      v.transform((text): SendingWindow => parseSendingWindow(text)!),
    ),
    `${DEFAULT_SMS_WINDOW.start}-${DEFAULT_SMS_WINDOW.end}`,
  ),
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.check(
        isSmtpUrl,
        'SMTP_URL must be an smtp:// or smtps:// URL with a host, such as smtp://user:password@mail.example:587',
      ),
    ),
  ),
  MAIL_FROM: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
        'MAIL_FROM must be an address such as alerts@club.example or Club Profile <alerts@club.example>',
      ),
    ),
    DEFAULT_MAIL_FROM,
  ),
  FOLLOW_UP_HOURS: hours(DEFAULT_FOLLOW_UP_HOURS, MAX_FOLLOW_UP_HOURS, 'FOLLOW_UP_HOURS'),
  ALERT_EMAIL_MINUTES: integer(5, 1, 24 * 60, 'ALERT_EMAIL_MINUTES'),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'METRICS_TOKEN must be at least 16 characters'))),
});

/** Every setting's name, as server/env-reference.ts and docs/configuration.md describe them. */
export const SETTING_NAMES: readonly string[] = Object.keys(settings.entries);

type Settings = v.InferOutput<typeof settings>;

/**
 * A setting only some others need (WEBHOOK_SECRET with WEBHOOK_URL, the Twilio account with SMS_PROVIDER=twilio), or
 * one that only some others allow: on the embedded database this instance is the only one, so it must run the jobs.
 */
function missingSettings(e: Settings): { name: keyof Settings; message: string }[] {
  return [
    ...(e.RUN_JOBS === 'false' && !e.DATABASE_URL
      ? [
          {
            name: 'RUN_JOBS' as const,
            message: 'may be false only with DATABASE_URL: another instance on that PostgreSQL then runs the jobs',
          },
        ]
      : []),
    ...(e.WEBHOOK_URL && !e.WEBHOOK_SECRET
      ? [{ name: 'WEBHOOK_SECRET' as const, message: 'is required with WEBHOOK_URL' }]
      : []),
    ...(e.SMS_PROVIDER === 'twilio'
      ? (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const)
          .filter((name) => !e[name])
          .map((name) => ({ name, message: 'is required with SMS_PROVIDER=twilio' }))
      : []),
  ];
}

/** The server's configuration: the settings, checked together, and turned into what the code reads. */
const envSchema = v.pipe(
  settings,
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const { name, message } of missingSettings(dataset.value)) {
      const path = [{ type: 'object', origin: 'value', input: dataset.value, key: name, value: undefined }] as const;
      addIssue({ message, path: [...path] });
    }
  }),
  v.transform((e) => ({
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
    },
    /** Bring the schema up to date at start (MIGRATE_ON_START); off, the start checks it is and refuses if not. */
    migrateOnStart: e.MIGRATE_ON_START === 'true',
    /**
     * Whether this instance runs the background work (RUN_JOBS): the scheduled passes, texts released after quiet
     * hours, and the deliveries. Every instance by default; pg-boss gives each job to one of them (decision 042).
     */
    runJobs: e.RUN_JOBS === 'true',
    redisUrl: e.REDIS_URL,
    /** Create and print a demo registration on an empty database (default: outside production). */
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : e.NODE_ENV !== 'production',
    apiKey: e.API_KEY,
    adminApiKey: e.ADMIN_API_KEY,
    tokenTtlDays: e.TOKEN_TTL_DAYS,
    /** How long each kind of personal or technical record is kept (server/features/retention/). */
    retention: {
      idempotencyTtlHours: e.IDEMPOTENCY_TTL_HOURS,
      uncompletedRetentionDays: e.UNCOMPLETED_RETENTION_DAYS,
      eventRetentionDays: e.EVENT_RETENTION_DAYS,
    },
    /** How many proxies in front of us append to X-Forwarded-For; 0 reads the socket's address. */
    trustProxyHops: e.TRUST_PROXY,
    limits: {
      lookupMissesPerMinute: e.LOOKUP_MISSES_PER_MINUTE,
      manualSignupsPerHour: e.MANUAL_SIGNUPS_PER_HOUR,
      manualSignupCasesPerHour: e.MANUAL_SIGNUP_CASES_PER_HOUR,
      surveysPerCustomerPerDay: e.SURVEYS_PER_CUSTOMER_PER_DAY,
      surveysPerHour: e.SURVEYS_PER_HOUR,
      adminKeyFailuresPerHour: e.ADMIN_KEY_FAILURES_PER_HOUR,
      signInFailuresPerEmailPerHour: e.SIGN_IN_FAILURES_PER_EMAIL_PER_HOUR,
      signInFailuresPerHour: e.SIGN_IN_FAILURES_PER_HOUR,
      signInFailuresPerEmailPer15Minutes: e.SIGN_IN_FAILURES_PER_EMAIL_PER_15_MINUTES,
      passwordChangeFailuresPerHour: e.PASSWORD_CHANGE_FAILURES_PER_HOUR,
      codesPerIssuerPerHour: e.CODES_PER_ISSUER_PER_HOUR,
      returningCodesPerIssuerPerHour: e.RETURNING_CODES_PER_ISSUER_PER_HOUR,
      visitsPerIssuerPerHour: e.VISITS_PER_ISSUER_PER_HOUR,
      textsPerNumberPerDay: e.TEXTS_PER_NUMBER_PER_DAY,
      textsPerIssuerPerHour: e.TEXTS_PER_ISSUER_PER_HOUR,
      smsRepliesPerNumberPerDay: e.SMS_REPLIES_PER_NUMBER_PER_DAY,
    },
    /** Origins besides PUBLIC_URL's that the console may be opened at (TRUSTED_ORIGINS). */
    trustedOrigins: e.TRUSTED_ORIGINS,
    /** Signs the staff session cookies; without it, outside production, one is kept in DATA_DIR. */
    authSecret: e.AUTH_SECRET,
    http: {
      shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      maxConnections: e.MAX_CONNECTIONS,
    },
    operatorName: e.OPERATOR_NAME,
    logoUrl: e.LOGO_URL,
    links: {
      terms: e.TERMS_URL,
      privacy: e.PRIVACY_URL,
      support: e.SUPPORT_URL,
      locations: e.LOCATIONS_URL,
      manageMembership: e.MANAGE_MEMBERSHIP_URL,
      faqs: e.FAQS_URL,
      operatorHome: e.OPERATOR_URL,
    },
    welcome: {
      heading: e.WELCOME_HEADING,
      newCustomer: e.WELCOME_NEW_CUSTOMER,
      returningCustomer: paragraphsOf(e.WELCOME_RETURNING_CUSTOMER),
    },
    /** WELCOME_*_ES, or what stands in for them (server/features/pages/welcome-texts.ts). */
    welcomeSpanish: spanishWelcome(
      {
        heading: e.WELCOME_HEADING,
        newCustomer: e.WELCOME_NEW_CUSTOMER,
        returningCustomer: e.WELCOME_RETURNING_CUSTOMER,
      },
      {
        heading: e.WELCOME_HEADING_ES,
        newCustomer: e.WELCOME_NEW_CUSTOMER_ES,
        returningCustomer: e.WELCOME_RETURNING_CUSTOMER_ES,
      },
    ),
    /** REQUIRE_LICENSE_PLATE: the form and the server both refuse a profile without a plate and its state. */
    requireLicensePlate: e.REQUIRE_LICENSE_PLATE === 'true',
    analyticsId: e.ANALYTICS_ID ?? '',
    defaultPhoneCountry: e.DEFAULT_PHONE_COUNTRY as CountryCode,
    integrations: {
      /** WEBHOOK_URL with its WEBHOOK_SECRET: subscribed to every event type. */
      webhook: e.WEBHOOK_URL && e.WEBHOOK_SECRET ? { url: e.WEBHOOK_URL, secret: e.WEBHOOK_SECRET } : undefined,
      /** Receivers (and the SMS provider) on private networks, and plain http:// to them. */
      allowPrivateNetworks: e.WEBHOOK_ALLOW_PRIVATE_NETWORKS === 'true',
      sms:
        e.SMS_PROVIDER === 'twilio'
          ? {
              provider: 'twilio' as const,
              // The check above has made sure of all three.
              accountSid: e.TWILIO_ACCOUNT_SID!,
              authToken: e.TWILIO_AUTH_TOKEN!,
              from: e.TWILIO_FROM!,
              apiBase: e.TWILIO_API_BASE.replace(/\/+$/, ''),
            }
          : undefined,
      smsTemplate: e.SMS_TEMPLATE,
      /**
       * Replies to texted keywords: HELP always gets ours; STOP and START get ours only with
       * SMS_OPT_OUT_REPLIES=app, as Twilio's standard opt-out handling sends its own confirmation.
       */
      smsReplies: {
        optOut: e.SMS_OPT_OUT_REPLIES,
        supportUrl: e.SUPPORT_URL,
        supportPhone: e.SUPPORT_PHONE,
      },
    },
    /** The time zone of a site that has none of its own (DEFAULT_TIMEZONE). */
    defaultTimeZone: e.DEFAULT_TIMEZONE,
    /** The hours texts go out on a site's clock when it has no window of its own (SMS_WINDOW; decision 031). */
    smsWindow: e.SMS_WINDOW,
    /** How long after a detractor's survey their follow-up case is due (FOLLOW_UP_HOURS). */
    followUpHours: e.FOLLOW_UP_HOURS,
    /** SMTP_URL and MAIL_FROM: the follow-up alert emails; unset SMTP_URL, alerts are off. */
    mail: e.SMTP_URL ? { url: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    /** The least time between two alert emails to one person; what comes up meanwhile goes in one digest (039). */
    alertEmailMinutes: e.ALERT_EMAIL_MINUTES,
    /** pino's level: lines below it are not written. */
    logLevel: e.LOG_LEVEL,
    /** Bearer token of `GET /metrics`; unset, that path does not exist. */
    metricsToken: e.METRICS_TOKEN,
  })),
);

export type Env = v.InferOutput<typeof envSchema>;

class EnvError extends Error {}

/** Parses a whole environment; empty values count as unset, so a copied `.env.example` works as it is. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(envSchema, present);
  if (!result.success) {
    const lines = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.output;
}

/** The process environment, parsed once; a wrong setting stops the process with a message saying which. */
export function loadEnv(): Env {
  try {
    if (typeof process.loadEnvFile === 'function') process.loadEnvFile();
  } catch {
    // No .env file: the environment alone configures the server.
  }
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
