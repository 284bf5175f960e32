/**
 * What each setting in server/env.ts does, for people: `npm run docs:configuration` writes docs/configuration.md
 * from it, and tests/server/env-reference.test.ts fails when a setting has no entry here or the page is stale.
 * `default` is written as a person reads it (the schema holds the value itself).
 */
export interface SettingEntry {
  /** One setting, or a few read together (the three texts of a welcome). */
  names: readonly string[];
  default: string;
  does: string;
}

export const SETTINGS_REFERENCE: readonly SettingEntry[] = [
  {
    names: ['NODE_ENV'],
    default: '`development`',
    does: '`production` on a server: no demo code is created there (see `SEED_DEMO`)',
  },
  {
    names: ['PORT'],
    default: '`3000`',
    does: 'HTTP port (app and API)',
  },
  {
    names: ['HOST'],
    default: '`0.0.0.0`',
    does: 'Interface to listen on',
  },
  {
    names: ['PUBLIC_URL'],
    default: '`http://localhost:PORT`',
    does: 'Address customers open; links are `PUBLIC_URL/?id=CODE`',
  },
  {
    names: ['TRUSTED_ORIGINS'],
    default: 'unset',
    does: 'In production, other addresses the console may be opened at, comma-separated (`https://wash.lan,…`); outside production the address the server is reached at is accepted too',
  },
  {
    names: ['DATA_DIR'],
    default: '`./data`',
    does: 'Where the embedded PGlite database lives',
  },
  {
    names: ['DATABASE_URL'],
    default: 'unset',
    does: '`postgres://…`: use PostgreSQL instead of PGlite',
  },
  {
    names: ['DATABASE_CONNECT_TIMEOUT_SECONDS'],
    default: '`5`',
    does: 'PostgreSQL: longest wait for a connection; past it the request answers 503',
  },
  {
    names: ['DATABASE_STATEMENT_TIMEOUT_SECONDS'],
    default: '`10`',
    does: 'PostgreSQL: longest a query may run (server- and client-side); past it, 503',
  },
  {
    names: ['MIGRATE_ON_START'],
    default: '`true`',
    does: '`false`: no migration at start, and a schema behind refuses to start: run `npm run migrate` once first (the image: `node dist/server/cli/migrate.js`; Production)',
  },
  {
    names: ['RUN_JOBS'],
    default: '`true`',
    does: '`false`: this instance runs no background work (retention, escalations, texts held for quiet hours, deliveries); others on its PostgreSQL do. Default: every instance, each job run once',
  },
  {
    names: ['REDIS_URL'],
    default: 'unset',
    does: '`redis://…`: count the throttles in Redis (shared by every instance)',
  },
  {
    names: ['API_KEY'],
    default: '`club-profile-dev`',
    does: 'Sent by the app as `x-api-key`; identifies the client (not a secret)',
  },
  {
    names: ['ADMIN_API_KEY'],
    default: 'unset',
    does: 'A point-of-sale key (≥ 16 chars): it may issue codes and follow the ones it issued, nothing else (see API keys); unset, only the keys owners make in the console are accepted',
  },
  {
    names: ['AUTH_SECRET'],
    default: 'kept in `DATA_DIR/auth-secret`',
    does: 'Signs staff session cookies (≥ 32 chars). Required in production on PostgreSQL: every instance must sign alike',
  },
  {
    names: ['SIGN_IN_FAILURES_PER_EMAIL_PER_HOUR'],
    default: '`10`',
    does: "Wrong passwords for one staff email from one client per hour before that client's sign-ins for it answer 429 (the owner, elsewhere, still signs in)",
  },
  {
    names: ['SIGN_IN_FAILURES_PER_EMAIL_PER_15_MINUTES'],
    default: '`20`',
    does: 'Wrong passwords for one staff email from anywhere per quarter hour before its sign-in answers 429 for the rest of the quarter hour',
  },
  {
    names: ['SIGN_IN_FAILURES_PER_HOUR'],
    default: '`30`',
    does: 'Wrong staff passwords per client per hour, whichever emails, before 429',
  },
  {
    names: ['PASSWORD_CHANGE_FAILURES_PER_HOUR'],
    default: '`5`',
    does: 'Wrong current passwords per staff member per hour when changing their password, before 429',
  },
  {
    names: ['CODES_PER_ISSUER_PER_HOUR'],
    default: '`300`',
    does: 'Registration codes one issuer (a staff member or an API key) may issue per hour before 429',
  },
  {
    names: ['RETURNING_CODES_PER_ISSUER_PER_HOUR'],
    default: '`60`',
    does: "Returning-member codes (each pre-fills a member's saved profile) per issuer per hour",
  },
  {
    names: ['VISITS_PER_ISSUER_PER_HOUR'],
    default: '`3000`',
    does: 'Visits one API key (or the command line) may record per hour with `POST /api/visits` before 429',
  },
  {
    names: ['TEXTS_PER_ISSUER_PER_HOUR'],
    default: '`100`',
    does: 'Links texted (`send: "sms"`) per issuer per hour; each text costs the operator',
  },
  {
    names: ['TEXTS_PER_NUMBER_PER_DAY'],
    default: '`3`',
    does: 'Texts to one mobile number per 24 hours, whoever asks (harassment and SMS pumping)',
  },
  {
    names: ['SMS_REPLIES_PER_NUMBER_PER_DAY'],
    default: '`3`',
    does: "Our replies to the texts one number sends (HELP's answer, an opt-out's confirmation, a clarifying text) per 24 hours; past it the text is still kept and acted on, unanswered (decision 040)",
  },
  {
    names: ['TOKEN_TTL_DAYS'],
    default: '`30`',
    does: 'How long a registration code stays usable',
  },
  {
    names: ['LOOKUP_MISSES_PER_MINUTE'],
    default: '`30`',
    does: 'Unknown-code lookups per client per minute before 429 (a known code always answers)',
  },
  {
    names: ['MANUAL_SIGNUPS_PER_HOUR'],
    default: '`20`',
    does: 'Sign-ups without a code per client per hour before 429',
  },
  {
    names: ['MANUAL_SIGNUP_CASES_PER_HOUR'],
    default: '`3`',
    does: 'Follow-up cases opened per client per hour by detractors who signed up without a code; past it the survey is stored and opens no case (decision 039)',
  },
  {
    names: ['SURVEYS_PER_CUSTOMER_PER_DAY'],
    default: '`3`',
    does: 'Surveys one customer may send in 24 hours before 429',
  },
  {
    names: ['SURVEYS_PER_HOUR'],
    default: '`60`',
    does: 'Surveys per client per hour, whichever customers they name, before 429',
  },
  {
    names: ['ADMIN_KEY_FAILURES_PER_HOUR'],
    default: '`10`',
    does: 'Wrong admin keys per client per hour; past them the client gets 429 for the rest of the hour',
  },
  {
    names: ['TRUST_PROXY'],
    default: '`false`',
    does: 'Proxies in front of the server (`1` or `true`: one load balancer): the client is that many `X-Forwarded-For` entries from the right',
  },
  {
    names: ['SHUTDOWN_GRACE_SECONDS'],
    default: '`10`',
    does: 'On SIGTERM/SIGINT: how long in-flight requests may finish before connections are closed',
  },
  {
    names: ['REQUEST_TIMEOUT_SECONDS'],
    default: '`15`',
    does: 'Longest a request (headers and body) may take to arrive; past it, 408',
  },
  {
    names: ['HEADERS_TIMEOUT_SECONDS'],
    default: '`10`',
    does: 'Longest the request headers may take to arrive',
  },
  {
    names: ['KEEP_ALIVE_TIMEOUT_SECONDS'],
    default: '`5`',
    does: 'How long an idle keep-alive connection stays open',
  },
  {
    names: ['MAX_CONNECTIONS'],
    default: '`1000`',
    does: 'Open connections at once; more are refused',
  },
  {
    names: ['WELCOME_HEADING', 'WELCOME_NEW_CUSTOMER', 'WELCOME_RETURNING_CUSTOMER'],
    default: 'friendly defaults',
    does: 'Welcome texts of the profile page; returning paragraphs separated by `\\',
  },
  {
    names: ['WELCOME_HEADING_ES', 'WELCOME_NEW_CUSTOMER_ES'],
    default: 'unset',
    does: 'Spanish welcome texts. Unset: our Spanish while the English text is at its default, else the English text as it is',
  },
  {
    names: ['WELCOME_RETURNING_CUSTOMER_ES'],
    default: 'unset',
    does: 'Spanish returning paragraphs, separated by `\\',
  },
  {
    names: ['REQUIRE_LICENSE_PLATE'],
    default: '`false`',
    does: '`true`: License Plate and Plate State are required, on the profile form and by `POST /api/customers`',
  },
  {
    names: ['OPERATOR_NAME'],
    default: '`Brightwater Car Wash`',
    does: 'Shown in the footer and consent text (a fictional operator)',
  },
  {
    names: ['LOGO_URL'],
    default: '`/logo.png`',
    does: 'Top-bar logo (and the survey dialog’s). A raster image costs the page no work of its own on a slow phone; an SVG costs a task (decision 050)',
  },
  {
    names: ['TERMS_URL', 'PRIVACY_URL', 'SUPPORT_URL'],
    default: '`https://brightwater-carwash.example/…`',
    does: 'Footer and consent links',
  },
  {
    names: ['LOCATIONS_URL', 'MANAGE_MEMBERSHIP_URL', 'FAQS_URL'],
    default: '`https://brightwater-carwash.example/…`',
    does: 'Thank-you page links',
  },
  {
    names: ['OPERATOR_URL'],
    default: '`https://brightwater-carwash.example`',
    does: "The operator's home page (survey dialog logo)",
  },
  {
    names: ['ANALYTICS_ID'],
    default: 'unset',
    does: 'Google Analytics 4 id (`G-…`); unset, no analytics request is made',
  },
  {
    names: ['SEED_DEMO'],
    default: '`true` unless `NODE_ENV=production`',
    does: 'Create and print a demo registration link on an empty database',
  },
  {
    names: ['DEFAULT_PHONE_COUNTRY'],
    default: '`US`',
    does: "Phone input's starting country; national numbers from the point-of-sale are read in it",
  },
  {
    names: ['WEBHOOK_URL'],
    default: 'unset',
    does: 'A receiver subscribed to every event type (more are added in the console); needs `WEBHOOK_SECRET`',
  },
  {
    names: ['WEBHOOK_SECRET'],
    default: 'unset',
    does: '`whsec_…` (base64, as Standard Webhooks writes it): signs what goes to `WEBHOOK_URL`',
  },
  {
    names: ['WEBHOOK_ALLOW_PRIVATE_NETWORKS'],
    default: '`false`',
    does: '`true`: receivers (and the SMS API) may be on private, loopback or link-local addresses, and plain `http://`',
  },
  {
    names: ['SMS_PROVIDER'],
    default: 'unset',
    does: '`twilio`: `send: "sms"` texts the registration link; needs the three `TWILIO_*` below',
  },
  {
    names: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
    default: 'unset',
    does: 'Twilio account (`AC…`), its auth token, and the sending number or messaging service',
  },
  {
    names: ['TWILIO_API_BASE'],
    default: '`https://api.twilio.com`',
    does: 'Where the Messages API is (tests point it at a local fake)',
  },
  {
    names: ['SMS_TEMPLATE'],
    default: '`{operator}: finish your membership profile: {link} Reply STOP to opt out.`',
    does: 'The text; `{operator}` is `OPERATOR_NAME`, `{link}` the registration link',
  },
  {
    names: ['SUPPORT_PHONE'],
    default: 'unset',
    does: 'A support phone number the reply to a texted HELP gives, besides `SUPPORT_URL`',
  },
  {
    names: ['SMS_OPT_OUT_REPLIES'],
    default: '`twilio`',
    does: "Who confirms a texted STOP or START: `twilio` (its standard opt-out handling sends the one confirmation allowed) or `app` (we answer, in the keyword's language), for senders where Twilio's handling is off",
  },
  {
    names: ['LOG_LEVEL'],
    default: '`info`',
    does: 'Lowest log level written: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
  },
  {
    names: ['METRICS_TOKEN'],
    default: 'unset',
    does: 'Bearer token (≥ 16 chars) of `GET /metrics` (Prometheus); unset, that path does not exist',
  },
  {
    names: ['DEFAULT_TIMEZONE'],
    default: '`America/New_York`',
    does: 'The IANA time zone of a site that has none of its own (the Sites page sets one per site)',
  },
  {
    names: ['SMS_WINDOW'],
    default: '`08:00-21:00`',
    does: "The hours texts go out, on each site's own clock (24-hour `HH:MM-HH:MM`); a text asked for outside waits for the opening. A site may set its own (Sites); `00:00-24:00` never holds a text",
  },
  {
    names: ['FOLLOW_UP_HOURS'],
    default: '`48`',
    does: "Hours after a detractor's survey (recommend score 1–6) that its follow-up case is due; fractions allowed (`0.5`), at most 720",
  },
  {
    names: ['SMTP_URL'],
    default: 'unset',
    does: "`smtp://` or `smtps://` server for follow-up alerts: a new case emails the site's managers (its owners when it has none), an overdue one the owners, once. Unset: alerts are off (the start-up output says so) and cases still open",
  },
  {
    names: ['MAIL_FROM'],
    default: '`Club Profile <alerts@localhost>`',
    does: "The alerts' sender, `address` or `Name <address>`",
  },
  {
    names: ['ALERT_EMAIL_MINUTES'],
    default: '`5`',
    does: 'Least minutes between two alert emails to one person; the cases that come up meanwhile go in one digest when they are over (decision 039)',
  },
  {
    names: ['IDEMPOTENCY_TTL_HOURS'],
    default: '`24`',
    does: 'How long an `Idempotency-Key` is remembered (1 or more)',
  },
  {
    names: ['UNCOMPLETED_RETENTION_DAYS'],
    default: '`90`',
    does: 'Days a registration never completed is kept after its code expired (0: deleted at the next pass)',
  },
  {
    names: ['EVENT_RETENTION_DAYS'],
    default: '`30`',
    does: 'Days a webhook event and its deliveries are kept once settled (at least 2: beyond the day of retries)',
  },
];
