import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Staff accounts and their sessions, in the shape better-auth's Drizzle adapter reads and writes (its `user`,
 * `session`, `account` and `verification` models, renamed in server/features/staff/auth.ts). The password hash lives in
 * `staff_accounts`, as the library keeps it; nothing here is written by our own code except role, sites,
 * disabled, language and time zone.
 */
export const staff = pgTable('staff', {
  id: text('id').primaryKey(),
  name: text('name').notNull().default(''),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role').notNull().default('manager'),
  /** Site ids a manager may see; an owner's is empty and means every site. */
  sites: text('sites')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  disabled: boolean('disabled').notNull().default(false),
  /** The language of the emails they get (alerts): `en` or `es` (decision 046). */
  language: text('language').notNull().default('en'),
  /**
   * The IANA zone their "all sites" figures count calendar days in; null follows DEFAULT_TIMEZONE (decision 046).
   */
  timeZone: text('time_zone'),
  /** A one-time password was given (added or reset by an owner): only changing it is allowed until it is changed. */
  passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_sessions_user_id_idx').on(table.userId)],
);

export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_accounts_user_id_idx').on(table.userId)],
);

export const staffVerifications = pgTable('staff_verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The console's API keys: one per till or integration, made by an owner, each with its scopes and sites. Only the
 * SHA-256 of a key is kept (it is 256 random bits, so no slow hash is needed); the prefix lets an owner recognise
 * it. A revoked key stays listed, for the audit log's sake, and no longer opens anything.
 */
export const apiKeys = pgTable('api_keys', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  prefix: text('prefix').notNull(),
  scopes: text('scopes').array().notNull(),
  sites: text('sites')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Written at most once a minute per key: enough to tell an owner whether a till still uses it. */
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * Every console action that reveals or changes data: who (a staff id, or the point-of-sale key, or the command
 * line), what (an action and the id of its subject, never personal data), when, and from where (the client
 * address as the throttles key it).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    subjectId: text('subject_id'),
    client: text('client'),
  },
  (table) => [
    // The owners' log pages newest first by (at, id); each filter (who, what) has its own index in that order.
    index('audit_events_at_id_idx').on(table.at, table.id),
    index('audit_events_actor_at_id_idx').on(table.actorKind, table.actorId, table.at, table.id),
    index('audit_events_action_at_id_idx').on(table.action, table.at, table.id),
  ],
);
