import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { FEEDBACK_DEFAULTS } from '../../../src/domain/invitations';
import { staff } from './staff-schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A membership sale waiting for (or linked to) its customer profile. Only a hash of the code is stored. */
export const registrations = pgTable(
  'registrations',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').unique(),
    mobileNumber: text('mobile_number').notNull(),
    planName: text('plan_name').notNull().default(''),
    amountCents: integer('amount_cents').notNull().default(0),
    rechargeDate: date('recharge_date', { mode: 'string' }),
    saleDate: timestamp('sale_date', { withTimezone: true }).notNull(),
    siteId: text('site_id').notNull().default('0'),
    sourceSystem: text('source_system').notNull().default(''),
    isReturningCustomer: boolean('is_returning_customer').notNull().default(false),
    isManual: boolean('is_manual').notNull().default(false),
    isCompleted: boolean('is_completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    customerId: text('customer_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The first time the link was looked up: the funnel's "opened" step. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    /** The API key that issued it (`environment` for ADMIN_API_KEY); null when staff or the command line did. */
    issuedByKeyId: text('issued_by_key_id'),
    /** The staff member who issued it from the console; null when a key, the command line or the server did. */
    issuedByStaffId: text('issued_by_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /**
     * A returning member's profile the form is pre-filled with, chosen when the code was issued from the profiles
     * its issuer may see (a manager: their sites), so that opening the link reveals nothing the issuer could not.
     */
    prefillCustomerId: text('prefill_customer_id').references((): AnyPgColumn => customers.id, {
      onDelete: 'set null',
    }),
    /**
     * The demo code `npm start` issues on an empty database (decision 049): it, and everything made from it (its
     * member, their surveys, cases and texts), is left out of every figure, list and export, and removed.
     */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('registrations_mobile_number_idx').on(table.mobileNumber),
    // The console's figures and lists: a date range, within a site or across all of them.
    index('registrations_created_at_idx').on(table.createdAt),
    index('registrations_site_id_created_at_idx').on(table.siteId, table.createdAt),
    // The counter's list of codes, newest first, paged by (created_at, id).
    index('registrations_created_at_id_idx').on(table.createdAt, table.id),
    index('registrations_completed_at_idx').on(table.completedAt),
    index('registrations_site_id_completed_at_idx').on(table.siteId, table.completedAt),
    // Erasing a customer clears the codes that would pre-fill their profile (on delete set null): found here.
    index('registrations_prefill_customer_id_idx')
      .on(table.prefillCustomerId)
      .where(sql`${table.prefillCustomerId} is not null`),
    // "Not demo" reads the few demo rows here (decision 049).
    index('registrations_demo_idx')
      .on(table.id)
      .where(sql`${table.isDemo}`),
  ],
);

/**
 * A place that sells memberships, under the id its point-of-sale sends as `siteId` (decision 024). A site the
 * point-of-sale names first is made as "Site {id}", not yet named; an owner names it, and may deactivate it (kept
 * for its history). Registrations carry the id as text with no foreign key: a sale is never refused for its site.
 */
export const sites = pgTable(
  'sites',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    /** An IANA zone; null follows DEFAULT_TIMEZONE. */
    timeZone: text('time_zone'),
    /** The public review page its members are invited to (https). */
    reviewUrl: text('review_url'),
    active: boolean('active').notNull().default(true),
    named: boolean('named').notNull().default(false),
    /** Made only for the demo code (decision 049): left out of the lists, and removed with it. */
    isDemo: boolean('is_demo').notNull().default(false),
    /**
     * The hours texts may go out, "HH:MM" on the site's clock (src/domain/quiet-hours.ts); both null follow
     * SMS_WINDOW (decision 031), as a null zone follows DEFAULT_TIMEZONE.
     */
    smsWindowStart: text('sms_window_start'),
    smsWindowEnd: text('sms_window_end'),
    /*
     * Feedback after visits and reminders (decision 053). A member is asked after a visit here when this is on (off
     * until an owner turns it on), `ask_delay_minutes` after the visit (0: at once), at most once every
     * `ask_every_days` days and never within as many days of their last answer.
     */
    askAfterVisit: boolean('ask_after_visit').notNull().default(FEEDBACK_DEFAULTS.askAfterVisit),
    askDelayMinutes: integer('ask_delay_minutes').notNull().default(FEEDBACK_DEFAULTS.askDelayMinutes),
    askEveryDays: integer('ask_every_days').notNull().default(FEEDBACK_DEFAULTS.askEveryDays),
    /** One reminder of a texted code not completed after `code_reminder_minutes` (on unless turned off). */
    codeReminder: boolean('code_reminder').notNull().default(FEEDBACK_DEFAULTS.codeReminder),
    codeReminderMinutes: integer('code_reminder_minutes').notNull().default(FEEDBACK_DEFAULTS.codeReminderMinutes),
    /** One reminder of an invitation not answered after `invite_reminder_minutes`, while invitations are on. */
    inviteReminder: boolean('invite_reminder').notNull().default(FEEDBACK_DEFAULTS.inviteReminder),
    inviteReminderMinutes: integer('invite_reminder_minutes')
      .notNull()
      .default(FEEDBACK_DEFAULTS.inviteReminderMinutes),
    createdAt: createdAt(),
  },
  (table) => [
    check('sites_sms_window', sql`(${table.smsWindowStart} is null) = (${table.smsWindowEnd} is null)`),
    check(
      'sites_feedback_timing',
      sql`${table.askDelayMinutes} >= 0 and ${table.askEveryDays} >= 1 and ${table.codeReminderMinutes} >= 1 and ${table.inviteReminderMinutes} >= 1`,
    ),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: text('id').primaryKey(),
    registrationId: text('registration_id')
      .notNull()
      .unique()
      .references(() => registrations.id),
    mobileNumber: text('mobile_number').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    address: text('address').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull(),
    postalCode: text('postal_code').notNull(),
    email: text('email').notNull(),
    vehicleYear: integer('vehicle_year').notNull(),
    vehicleMake: text('vehicle_make').notNull(),
    vehicleModel: text('vehicle_model').notNull(),
    vehicleColor: text('vehicle_color').notNull(),
    licensePlate: text('license_plate').notNull().default(''),
    licensePlateState: text('license_plate_state').notNull().default(''),
    isSubscribedToNewsletters: boolean('is_subscribed_to_newsletters').notNull(),
    newsletterConsentAt: timestamp('newsletter_consent_at', { withTimezone: true }),
    isSubscribedToSmsMessaging: boolean('is_subscribed_to_sms_messaging').notNull(),
    smsConsentAt: timestamp('sms_consent_at', { withTimezone: true }),
    consentVersion: text('consent_version').notNull(),
    /** The language the consent wording was shown in; rows from before Spanish were all English. */
    consentLanguage: text('consent_language').notNull().default('en'),
    /*
     * Where the profile and its consents were given (decision 032): the IANA zone the device reported, the client
     * address as the server saw it, the user agent and the page's path. Null on rows from before they were kept,
     * and for evidence the device did not report.
     */
    consentTimeZone: text('consent_time_zone'),
    consentClientAddress: text('consent_client_address'),
    consentUserAgent: text('consent_user_agent'),
    consentPage: text('consent_page'),
    isAgreedToTerms: boolean('is_agreed_to_terms').notNull(),
    termsAgreedAt: timestamp('terms_agreed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('customers_mobile_number_idx').on(table.mobileNumber, table.createdAt),
    // The console's members list: newest first, and found by the start of a name or email, or a number's last 4.
    index('customers_created_at_id_idx').on(table.createdAt, table.id),
    index('customers_first_name_search_idx').on(sql`lower(${table.firstName}) text_pattern_ops`),
    index('customers_last_name_search_idx').on(sql`lower(${table.lastName}) text_pattern_ops`),
    index('customers_email_search_idx').on(sql`lower(${table.email}) text_pattern_ops`),
    index('customers_mobile_last_four_idx').on(sql`right(${table.mobileNumber}, 4)`),
  ],
);

const score = (name: string) => smallint(name).notNull().default(0);

export const surveys = pgTable(
  'surveys',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    recommendToOthersScore: score('recommend_to_others_score'),
    washQualityScore: score('wash_quality_score'),
    cleanlinessScore: score('cleanliness_score'),
    serviceScore: score('service_score'),
    valueScore: score('value_score'),
    comments: text('comments').notNull().default(''),
    /**
     * The review page the respondent was invited to (their site's link when they answered), or null: none was
     * shown. Every respondent of a site with a link is invited, whatever they answered (decision 025: no review gating).
     */
    reviewUrl: text('review_url'),
    /** The first time the respondent opened that link (the thank-you dialog's beacon). */
    reviewOpenedAt: at('review_opened_at'),
    /** The invitation after a visit it answers (decision 053); null: asked on the thank-you page at sign-up. */
    invitationId: text('invitation_id')
      .unique()
      .references((): AnyPgColumn => surveyInvitations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'surveys_scores_range',
      sql`${table.recommendToOthersScore} between 0 and 10 and ${table.washQualityScore} between 0 and 10 and ${table.cleanlinessScore} between 0 and 10 and ${table.serviceScore} between 0 and 10 and ${table.valueScore} between 0 and 10`,
    ),
    index('surveys_customer_id_idx').on(table.customerId),
    index('surveys_created_at_id_idx').on(table.createdAt, table.id),
  ],
);

export const vehicleModels = pgTable(
  'vehicle_models',
  {
    make: text('make').notNull(),
    model: text('model').notNull(),
  },
  (table) => [primaryKey({ columns: [table.make, table.model] })],
);

/**
 * The first answer to each Idempotency-Key, replayed to retries of the same request. Only the status and the id
 * of what was created are kept (a replay reads the record again), never the answer's personal data. A key counts
 * while its row exists; the retention pass deletes it IDEMPOTENCY_TTL_HOURS after `created_at`. `expires_at` is
 * read only by older versions (during a rolling upgrade).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    resourceId: text('resource_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('idempotency_keys_expires_at_idx').on(table.expiresAt),
  ],
);

/** Counters of the throttles when several instances share PostgreSQL (rate-limiter-flexible's Drizzle store). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (table) => [index('rate_limits_expire_idx').on(table.expire)],
);

/**
 * Where events go. A console endpoint keeps its signing secret here (shown once, when it is made); the one
 * `WEBHOOK_URL` configures has the id `environment` and no stored secret: it signs with `WEBHOOK_SECRET`.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: text('id').primaryKey(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  eventTypes: text('event_types').array().notNull(),
  secret: text('secret'),
  enabled: boolean('enabled').notNull().default(true),
  source: text('source').notNull().default('console'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * The outbox: one row per event, written in the transaction of the change it describes. `body` is the exact JSON
 * every receiver gets and every retry signs again, so it is stored as text, byte for byte.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('outbox_events_created_at_idx').on(table.createdAt)],
);

/** One event to one endpoint: its state, for the console's "last deliveries" and "resend". */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** pending → delivered, or failed once its day of retries is spent (kept, and can be sent again). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    /** A code, never the receiver's text: `timeout`, `connection_failed`, `http_503`, `private_address`... */
    lastError: text('last_error'),
    lastAttemptAt: at('last_attempt_at'),
    deliveredAt: at('delivered_at'),
    /** When the current run of tries began: the 24-hour retry window counts from here (a resend starts anew). */
    queuedAt: at('queued_at').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('webhook_deliveries_endpoint_id_created_at_idx').on(table.endpointId, table.createdAt),
    index('webhook_deliveries_event_id_idx').on(table.eventId),
  ],
);

/**
 * A registration link texted to the customer. The code itself is needed until the text is sent, and only that
 * long: `link_token` is cleared when the message is sent or given up on (the registration keeps only a hash).
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: text('id').primaryKey(),
    registrationId: text('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    /**
     * What the text is (decision 053): `code` (the link of an issued code), `code_reminder` (the same link, once,
     * when not completed), `invitation` (a survey link after a visit) or `invitation_reminder`.
     */
    kind: text('kind').notNull().default('code'),
    /** The invitation an `invitation` or `invitation_reminder` text carries; erased with it. */
    invitationId: text('invitation_id').references((): AnyPgColumn => surveyInvitations.id, { onDelete: 'cascade' }),
    /** queued → sent, or failed with the provider's error code. */
    status: text('status').notNull().default('queued'),
    linkToken: text('link_token'),
    attempts: integer('attempts').notNull().default(0),
    providerMessageId: text('provider_message_id'),
    errorCode: text('error_code'),
    /**
     * When a text asked for in its site's quiet hours may go out (the window's next opening); null when it could go
     * at once. Its job starts then; the retry window counts from then.
     */
    scheduledFor: at('scheduled_for'),
    sentAt: at('sent_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('sms_messages_kind', sql`${table.kind} in ('code', 'code_reminder', 'invitation', 'invitation_reminder')`),
    check(
      'sms_messages_invitation',
      sql`(${table.invitationId} is not null) = (${table.kind} in ('invitation', 'invitation_reminder'))`,
    ),
    index('sms_messages_registration_id_idx').on(table.registrationId),
    index('sms_messages_invitation_id_idx')
      .on(table.invitationId)
      .where(sql`${table.invitationId} is not null`),
    index('sms_messages_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.linkToken} is not null`),
  ],
);

/**
 * A detractor's survey (recommend score 1–6) opens a follow-up case in the survey's transaction (decision 026): at the
 * member's site, due FOLLOW_UP_HOURS later, open → contacted → resolved with a root cause. Whether it is overdue
 * is read from `due_at` and `status` as of now; `escalated_at` notes the one escalation email. A case follows its
 * member: erasing them deletes it (and its timeline).
 */
export const followUpCases = pgTable(
  'follow_up_cases',
  {
    id: text('id').primaryKey(),
    /** The detractor's survey that opened it; null: a text the member sent us opened it (decision 045). */
    surveyId: text('survey_id')
      .unique()
      .references(() => surveys.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The site of the member's registration when the case opened (no foreign key, as registrations have none). */
    siteId: text('site_id').notNull(),
    status: text('status').notNull().default('open'),
    /** The staff member who owns it; null: nobody yet. */
    assigneeId: text('assignee_id').references(() => staff.id, { onDelete: 'set null' }),
    openedAt: at('opened_at').notNull(),
    dueAt: at('due_at').notNull(),
    /** The first contact; later ones are in the timeline. */
    contactedAt: at('contacted_at'),
    resolvedAt: at('resolved_at'),
    rootCause: text('root_cause'),
    resolutionNote: text('resolution_note'),
    /** When the owners were emailed about it being overdue: once. */
    escalatedAt: at('escalated_at'),
  },
  (table) => [
    check('follow_up_cases_status', sql`${table.status} in ('open', 'contacted', 'resolved')`),
    // The inbox and the escalation check: open cases by due time.
    index('follow_up_cases_status_due_at_idx').on(table.status, table.dueAt),
    index('follow_up_cases_site_id_idx').on(table.siteId),
    // Erasing a member finds their cases here.
    index('follow_up_cases_customer_id_idx').on(table.customerId),
  ],
);

/** A case's timeline: who did what, when (`actor_id` null: the system, or the command line). */
export const followUpEvents = pgTable(
  'follow_up_events',
  {
    id: text('id').primaryKey(),
    /** The order entries were written in, for entries of the same instant. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    caseId: text('case_id')
      .notNull()
      .references(() => followUpCases.id, { onDelete: 'cascade' }),
    at: at('at').notNull().defaultNow(),
    /** `staff`, `cli` or `system`. */
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id'),
    /** opened, assigned, contacted, note, resolved, escalated, text_received. */
    kind: text('kind').notNull(),
    text: text('text').notNull().default(''),
    /** A `text_received` entry's message; null once retention has deleted it (the entry's text stays). */
    inboundMessageId: text('inbound_message_id').references((): AnyPgColumn => smsInboundMessages.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    index('follow_up_events_case_id_at_idx').on(table.caseId, table.at, table.seq),
    // Retention deleting a message finds the entries that link to it here.
    index('follow_up_events_inbound_message_id_idx')
      .on(table.inboundMessageId)
      .where(sql`${table.inboundMessageId} is not null`),
  ],
);

/**
 * When each staff member may next be emailed a follow-up alert (decision 039): an email opens a window of
 * ALERT_EMAIL_MINUTES, claimed by a conditional upsert so that instances racing for one recipient send one email.
 */
export const followUpAlertWindows = pgTable('follow_up_alert_windows', {
  staffId: text('staff_id')
    .primaryKey()
    .references(() => staff.id, { onDelete: 'cascade' }),
  nextMailAt: at('next_mail_at').notNull(),
});

/**
 * The alerts each staff member is to get about a case (`opened`, `overdue`): recorded when the case needs them,
 * `mailed_at` once emailed, alone or in the digest that ends a window (decision 039). Kept with the case.
 */
export const followUpAlerts = pgTable(
  'follow_up_alerts',
  {
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    caseId: text('case_id')
      .notNull()
      .references(() => followUpCases.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    queuedAt: at('queued_at').notNull().defaultNow(),
    mailedAt: at('mailed_at'),
  },
  (table) => [
    primaryKey({ columns: [table.staffId, table.caseId, table.kind] }),
    check('follow_up_alerts_kind', sql`${table.kind} in ('opened', 'overdue')`),
    // Erasing a member deletes their cases, and with them these rows: found here.
    index('follow_up_alerts_case_id_idx').on(table.caseId),
    // A recipient's alerts still to send, oldest first.
    index('follow_up_alerts_waiting_idx')
      .on(table.staffId, table.queuedAt)
      .where(sql`${table.mailedAt} is null`),
  ],
);

/**
 * Every text a number sent us (decision 030), as Twilio's incoming-message webhook gave it. A message belongs to the
 * members whose profile has its `from_number` (found by the number, not stored: a member who joins later sees their
 * earlier texts); kept as long as one has, and otherwise UNCOMPLETED_RETENTION_DAYS (README "Data retention").
 */
export const smsInboundMessages = pgTable(
  'sms_inbound_messages',
  {
    id: text('id').primaryKey(),
    /** Twilio's `MessageSid`: a retried webhook is recognised by it. */
    messageSid: text('message_sid').notNull().unique(),
    /** E.164, as Twilio sends it. */
    fromNumber: text('from_number').notNull(),
    /** Our number (or short code) it was sent to. */
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    /**
     * The keyword the message was read as (server/features/integrations/sms/keyword-reading.ts): the whole message, or an opt-out word
     * within it; null for any other message. `keyword_kind` adds `maybe_opt_out` to the keywords' kinds.
     */
    keyword: text('keyword'),
    keywordKind: text('keyword_kind'),
    keywordLanguage: text('keyword_language'),
    /** What we texted back in the webhook's answer (HELP's, a confirmation, a clarifying text); null: nothing. */
    reply: text('reply'),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (table) => [
    index('sms_inbound_messages_from_number_idx').on(table.fromNumber, table.receivedAt),
    index('sms_inbound_messages_received_at_idx').on(table.receivedAt),
  ],
);

/**
 * Numbers that texted an opt-out keyword: nothing is texted to them until they text START. The row is the evidence
 * (when, which keyword, Twilio's message id, which of our numbers) and outlives the erasure of any member with the
 * number: it is what proves that the number must not be texted.
 */
export const smsSuppressions = pgTable('sms_suppressions', {
  mobileNumber: text('mobile_number').primaryKey(),
  keyword: text('keyword').notNull(),
  messageSid: text('message_sid').notNull(),
  senderNumber: text('sender_number').notNull(),
  optedOutAt: at('opted_out_at').notNull(),
});

/**
 * What happened to a member's consent after their profile gave it (the profile's own agreement is
 * `customers.sms_consent_at`, never overwritten): a withdrawal by keyword, a START that lifted the number's
 * suppression, with their evidence. Erased with the member.
 */
export const consentHistory = pgTable(
  'consent_history',
  {
    id: text('id').primaryKey(),
    /** The order entries were written in, for entries of the same instant. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull().default('sms'),
    /** agreed, withdrawn, or opted_in (texts allowed again; marketing consent not restored). */
    action: text('action').notNull(),
    /** profile or sms_keyword. */
    source: text('source').notNull(),
    keyword: text('keyword'),
    messageSid: text('message_sid'),
    senderNumber: text('sender_number'),
    at: at('at').notNull(),
  },
  (table) => [
    check('consent_history_action', sql`${table.action} in ('agreed', 'withdrawn', 'opted_in')`),
    check('consent_history_channel', sql`${table.channel} in ('sms')`),
    index('consent_history_customer_id_idx').on(table.customerId, table.at, table.seq),
  ],
);

/**
 * A visit the point-of-sale reported (`POST /api/visits`, decision 052). It is a visit of a number: the member is
 * found at read time by `mobile_number` (E.164), so a number's visits before it joined are the member's once it has.
 * `customer_id` is kept when the point-of-sale named the member by their id. The point-of-sale's own id
 * (`external_id`) is unique per site: a retry answers the visit already stored. Erased with the member.
 */
export const visits = pgTable(
  'visits',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id').notNull(),
    externalId: text('external_id').notNull(),
    visitedAt: at('visited_at').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    customerId: text('customer_id'),
    /** The wash package's name as the point-of-sale sent it; '' when none. */
    packageName: text('package_name').notNull().default(''),
    /** The API key that reported it (`environment` for ADMIN_API_KEY); null for the command line. */
    recordedByKeyId: text('recorded_by_key_id'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('visits_site_id_external_id_idx').on(table.siteId, table.externalId),
    // A member's visits, newest first, and the members list's "no visit in N days".
    index('visits_mobile_number_visited_at_idx').on(table.mobileNumber, table.visitedAt),
    index('visits_customer_id_idx')
      .on(table.customerId)
      .where(sql`${table.customerId} is not null`),
  ],
);

/**
 * A member asked for feedback after a visit (decision 053). Its code, like a registration's, is made from its id
 * with the server's key and only its hash is kept; the link (`/survey?invite=CODE`) is answered once, until
 * `expires_at`. `sent_at`, `opened_at` and `answered_at` are the dashboard's invitations funnel. A member's
 * invitations are erased with them; the visit that prompted one may go first (retention), the invitation stays.
 */
export const surveyInvitations = pgTable(
  'survey_invitations',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    visitId: text('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    siteId: text('site_id').notNull(),
    /** The member's language when asked ('en' or 'es'): the text's and the survey page's. */
    language: text('language').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** When its text went out; null while it waits for the sending window, or when it was never sent. */
    sentAt: at('sent_at'),
    /** The first time its link was opened. */
    openedAt: at('opened_at'),
    /** When it was answered (the survey names it); an answered invitation's link answers nothing more. */
    answeredAt: at('answered_at'),
    createdAt: createdAt(),
  },
  (table) => [
    // "At most one invitation per member per N days" and a member's page.
    index('survey_invitations_customer_id_created_at_idx').on(table.customerId, table.createdAt),
    // The dashboard's funnel: a site and a range.
    index('survey_invitations_site_id_created_at_idx').on(table.siteId, table.createdAt),
    index('survey_invitations_visit_id_idx')
      .on(table.visitId)
      .where(sql`${table.visitId} is not null`),
  ],
);

export * from './staff-schema';
