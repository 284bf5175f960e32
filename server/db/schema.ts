import { sql } from 'drizzle-orm';
import {
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
} from 'drizzle-orm/pg-core';

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
    createdAt: createdAt(),
  },
  (table) => [
    index('registrations_mobile_number_idx').on(table.mobileNumber),
    // The console's figures and lists: a date range, within a site or across all of them.
    index('registrations_created_at_idx').on(table.createdAt),
    index('registrations_site_id_created_at_idx').on(table.siteId, table.createdAt),
    index('registrations_completed_at_idx').on(table.completedAt),
    index('registrations_site_id_completed_at_idx').on(table.siteId, table.completedAt),
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
    isSubscribedToNewsletters: boolean('is_subscribed_to_newsletters').notNull(),
    newsletterConsentAt: timestamp('newsletter_consent_at', { withTimezone: true }),
    isSubscribedToSmsMessaging: boolean('is_subscribed_to_sms_messaging').notNull(),
    smsConsentAt: timestamp('sms_consent_at', { withTimezone: true }),
    consentVersion: text('consent_version').notNull(),
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
 * of what was created are kept (a replay reads the record again), never the answer's personal data; a key
 * counts for `IDEMPOTENCY_TTL_MS` and housekeeping deletes it after.
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

export * from './staff-schema';
