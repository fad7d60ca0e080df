/**
 * Who is who: organizations, their users, staff (for impersonation), sessions and the records
 * that make sign-in safe (hashed reset codes, single-use become tokens, attempts for rate
 * limiting, an audit of impersonated requests, idempotency records for replayed writes).
 *
 * Secrets are never stored in the clear: session tokens and registration tokens are kept as
 * SHA-256 hashes, as are reset link tokens and one-time sign-in links; passwords as argon2id hashes.
 */
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address'),
  city: text('city'),
  state: text('state'),
  zipcode: text('zipcode'),
  website: text('website'),
  phone_number: text('phone_number'),
  categories: jsonb('categories').$type<string[]>().notNull().default([]),
  is_franchise: boolean('is_franchise').notNull().default(false),
  show_revconnect: boolean('show_revconnect').notNull().default(false),
  time_zone: text('time_zone').notNull().default('America/New_York'),
  logo_url: text('logo_url'),
  ms_id: text('ms_id'),
  salesforce_id: text('salesforce_id'),
  /** Bumped by triggers (migrations speed_indexes, page_versions) on every write that can change
   *  what is held in memory under them (lib/version-cache.ts): the leads statistics and pages, and
   *  GET /user/settings. */
  leads_version: bigint('leads_version', { mode: 'number' }).notNull().default(0),
  settings_version: bigint('settings_version', { mode: 'number' }).notNull().default(0),
  /** Versions of My Profile's sections (server/lib/versions.ts), raised by each save of them:
   *  Profile Details (the user's names with the organization's name, address and zone) and Paid
   *  Media / Ad Details. */
  profile_version: integer('profile_version').notNull().default(1),
  paid_media_version: integer('paid_media_version').notNull().default(1),
  /** The logo's version (server/lib/versions.ts), raised by each upload or removal of it. */
  logo_version: integer('logo_version').notNull().default(1),
  created_at: created(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    email: text('email').notNull(),
    password_hash: text('password_hash'),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    job_title: text('job_title'),
    phone_number: text('phone_number'),
    is_socius: boolean('is_socius').notNull().default(false),
    show_ad: boolean('show_ad').notNull().default(false),
    ad_type: text('ad_type'),
    signup_completed: boolean('signup_completed').notNull().default(true),
    created_at: created(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

/** Notification targets and call transfer number collected at sign-up (spec part 1 §3). */
export const businessProfiles = pgTable('business_profiles', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  call_transfer_phone_number: text('call_transfer_phone_number'),
  email_notification: text('email_notification'),
  sms_notification: text('sms_notification'),
});

export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    created_at: created(),
  },
  (t) => [uniqueIndex('staff_email_unique').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    token_hash: text('token_hash').notNull(),
    impersonator_id: integer('impersonator_id').references(() => staff.id),
    created_at: created(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_unique').on(t.token_hash), index('sessions_user_idx').on(t.user_id)],
);

/**
 * Password set/reset link tokens (256 bits, carried by the mail's link as its `code`); the row
 * keeps only SHA-256("userId:token"). Unguessable, so guesses are not counted per token: nobody
 * can spend the customer's link by guessing at it. A successful reset spends every one.
 */
export const passwordCodes = pgTable('password_codes', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id),
  code_hash: text('code_hash').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
  created_at: created(),
});

/**
 * One-time sign-in links (256-bit tokens, only their SHA-256 kept), mailed when an unknown device
 * gives the right password while the account is held back by others' failures: the second proof.
 */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: created(),
  },
  (t) => [
    uniqueIndex('sign_in_links_hash_unique').on(t.token_hash),
    index('sign_in_links_user_idx').on(t.user_id),
  ],
);

/** No mail leaves this server: messages land here and show on the dev mailbox page. */
export const mails = pgTable('mails', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  created_at: created(),
});

/** Invitation / resume-registration tokens, sent as Basic auth by the sign-up wizard. */
export const registrationTokens = pgTable(
  'registration_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: created(),
  },
  (t) => [uniqueIndex('registration_tokens_hash_unique').on(t.token_hash)],
);

/** Nonces of `ed` impersonation tokens already used: each works once. */
export const becomeNonces = pgTable('become_nonces', {
  nonce: text('nonce').primaryKey(),
  staff_id: integer('staff_id').notNull(),
  used_at: created(),
});

/** One row per request made while impersonating: both identities, what was done. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    staff_id: integer('staff_id').notNull(),
    user_id: integer('user_id').notNull(),
    session_id: integer('session_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    created_at: created(),
  },
  (t) => [index('audit_log_user_idx').on(t.user_id)],
);

/** Sign-in and reset attempts, counted per IP and per (account, IP) for rate limiting. */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull().default(false),
    created_at: created(),
  },
  (t) => [
    index('auth_attempts_ip_idx').on(t.kind, t.ip, t.created_at),
    index('auth_attempts_account_idx').on(t.kind, t.account, t.created_at),
  ],
);

/**
 * A mutating request carrying Idempotency-Key is applied once: the row is written in the same
 * transaction as the effect, so a crash before commit leaves neither.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    request_hash: text('request_hash').notNull(),
    status_code: integer('status_code').notNull(),
    response_body: jsonb('response_body'),
    created_at: created(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_created_idx').on(t.created_at)],
);

/** Server-wide secrets (the become-token signing key), made once so every instance agrees. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: created(),
});

/** Client error reports (the spec's monitoring webhook), passwords already masked. */
export const errorReports = pgTable('error_reports', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id'),
  message: text('message').notNull(),
  status: integer('status'),
  url: text('url'),
  method: text('method'),
  body: text('body'),
  created_at: created(),
});
