import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    /** Set while an admin has disabled the account: no sign-in, no session, no token of theirs works. */
    disabled_at: timestamp('disabled_at', { withTimezone: true }),
    last_sign_in_at: timestamp('last_sign_in_at', { withTimezone: true }),
    /**
     * The TOTP secret (RFC 6238), encrypted with a server secret; set once two-factor is on. The
     * pending one is the secret shown by setup and waiting for its first code.
     */
    totp_secret: text('totp_secret'),
    totp_pending_secret: text('totp_pending_secret'),
    totp_enabled_at: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second time step a code was accepted for: a code is never accepted twice. */
    totp_last_step: bigint('totp_last_step', { mode: 'number' }),
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

/** One-use recovery codes for two-factor sign-in (10 per user, only their SHA-256 stored). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('recovery_codes_user_idx').on(table.user_id)],
);

/**
 * The half-finished sign-in of a user with two-factor on: the password was right, the code is
 * still due. Its random id sits in a short-lived HttpOnly cookie; only the SHA-256 is stored.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id_hash: text('id_hash').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes given for this challenge. */
    failures: integer('failures').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('two_factor_challenges_user_idx').on(table.user_id)],
);

/** Invitations by e-mail: a one-use link valid 7 days; the invitee sets name and password. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lowercased and trimmed, like users.email. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    token_hash: text('token_hash').notNull().unique('invitations_token_hash_unique'),
    invited_by: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('invitations_role', sql`${table.role} in ('viewer', 'editor', 'admin')`),
    index('invitations_email_idx').on(table.email),
  ],
);

/**
 * API tokens for headless clients (`Authorization: Bearer`). Only the SHA-256 of the token is
 * stored; `token_prefix` is its first characters, shown so people can tell tokens apart.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    token_hash: text('token_hash').notNull().unique('api_tokens_token_hash_unique'),
    token_prefix: text('token_prefix').notNull(),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('api_tokens_role', sql`${table.role} in ('editor', 'admin')`)],
);

/** Site-wide sign-in policy (a single row). */
export const securitySettings = pgTable(
  'security_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Editors and admins without two-factor are sent to set it up after signing in. */
    require_two_factor: boolean('require_two_factor').notNull().default(false),
    version: integer('version').notNull().default(1),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('security_settings_single_row', sql`${table.id} = 1`)],
);
