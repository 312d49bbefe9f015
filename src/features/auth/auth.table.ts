import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lowercased and trimmed. */
    email: text('email').notNull().unique('users_email_unique'),
    password_hash: text('password_hash').notNull(),
    full_name: text('full_name').notNull(),
    role: text('role').notNull().default('viewer'),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('users_role', sql`${table.role} in ('viewer', 'editor', 'admin')`),
    check('users_email_lowercase', sql`${table.email} = lower(${table.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value; the raw id never reaches the database. */
    id_hash: text('id_hash').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_idx').on(table.user_id), index('sessions_expires_idx').on(table.expires_at)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** SHA-256 of the 64-hex-character token sent by e-mail. */
    token_hash: text('token_hash').notNull().unique('password_reset_tokens_hash_unique'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used: boolean('used').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_tokens_email_idx').on(table.email)],
);

export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique('email_verification_tokens_hash_unique'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_verification_tokens_user_idx').on(table.user_id)],
);

export type UserRow = typeof users.$inferSelect;

/**
 * Fixed-window counters for sign-in, sign-up and e-mail requests. One atomic upsert per hit,
 * so the limits hold across instances sharing a PostgreSQL server (and the same code runs on PGlite).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** e.g. `sign-in:ip:203.0.113.7` or `sign-in:email:<sha256 of the address>` */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    reset_at: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limits_reset_idx').on(table.reset_at)],
);

/** First-run setup links (created at start while no admin exists); only the SHA-256 is stored. */
export const setupTokens = pgTable(
  'setup_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token_hash: text('token_hash').notNull().unique('setup_tokens_hash_unique'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('setup_tokens_expires_idx').on(table.expires_at)],
);

/**
 * Keys the server signs with (CSRF tokens, known-browser cookies). Kept in the database, not in
 * DATA_DIR, so every instance on one PostgreSQL server signs and checks with the same key.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  /** 32 random bytes, base64url. */
  value: text('value').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
