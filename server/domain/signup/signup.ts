/**
 * What every sign-up flow does to the database: a new organization with its first user, business
 * profile and tabs; sessions opened for it; categories resolved to service names; sign-up marked
 * complete (with a welcome set-password mail for invited users who never chose a password).
 * Linked accounts made during sign-up are in signup-accounts.ts.
 *
 * - Emails are unique: a taken one is the 422 {email: ['This email has already been taken']} the
 *   wizard turns into 'Go To Login', both when we see it first and when a concurrent sign-up wins
 *   the race on the unique index.
 * - Callers run these inside one transaction (mutate()), so a failed step leaves nothing behind.
 */

import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { EMAIL_TAKEN } from '../../../src/api/contracts/signup';
import { defaultTabs } from '../../../src/lib/tabs';
import type { Db } from '../../db/client';
import { organizationSettings, services } from '../../db/schema/catalog';
import {
  businessProfiles,
  mails,
  organizations,
  passwordCodes,
  sessions,
  users,
} from '../../db/schema/identity';
import { tabs } from '../../db/schema/shell';
import { nowMs } from '../../lib/clock';
import { newToken, sha256 } from '../../lib/crypto';
import { unprocessable } from '../../lib/errors';
import { spendRegistrationLinks } from '../auth/passwords';
import { loadSessionUser } from '../auth/users';
import { addOnboardingTasks, assignAccountManager } from './signup-tasks';

const WELCOME_CODE_TTL_MS = 72 * 3600_000;

export const digits = (value: string) => value.replace(/\D/g, '');
export const orNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The tabs every new customer starts with (src/lib/tabs.ts, the one tab set). */
export const DEFAULT_TABS = defaultTabs();

export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export async function assertEmailFree(db: Db, email: string) {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) throw unprocessable({ email: [EMAIL_TAKEN] });
}

export type NewCustomer = {
  email: string;
  password: string | null;
  first_name: string;
  last_name: string;
  job_title?: string | null;
  phone_number?: string | null;
  org: {
    name: string;
    address?: string | null;
    website?: string | null;
    categories?: string[];
    ms_id?: string | null;
    salesforce_id?: string | null;
  };
};

/** Organization (with its settings), user (sign-up not yet completed), business profile and tabs. */
export async function createCustomer(tx: Db, input: NewCustomer) {
  await assertEmailFree(tx, input.email);
  const [org] = await tx
    .insert(organizations)
    .values({
      name: input.org.name,
      address: orNull(input.org.address),
      website: orNull(input.org.website),
      categories: input.org.categories ?? [],
      phone_number: input.phone_number ?? null,
      ms_id: input.org.ms_id ?? null,
      salesforce_id: input.org.salesforce_id ?? null,
    })
    .returning();
  const passwordHash = input.password ? await hash(input.password) : null;
  const [user] = await tx
    .insert(users)
    .values({
      organization_id: org.id,
      email: input.email,
      password_hash: passwordHash,
      first_name: input.first_name.trim(),
      last_name: input.last_name.trim(),
      job_title: orNull(input.job_title),
      phone_number: input.phone_number ?? null,
      signup_completed: false,
    })
    .returning()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw unprocessable({ email: [EMAIL_TAKEN] });
      throw error;
    });
  await tx.insert(businessProfiles).values({
    user_id: user.id,
    call_transfer_phone_number: input.phone_number ?? null,
    email_notification: input.email,
    sms_notification: input.phone_number ?? null,
  });
  await tx.insert(organizationSettings).values({ organization_id: org.id, can_add_account: true });
  await tx.insert(tabs).values(DEFAULT_TABS.map((t, position) => ({ user_id: user.id, position, ...t })));
  return { org, user };
}

export async function openSession(tx: Db, userId: number, hours: number): Promise<string> {
  const token = newToken();
  await tx.insert(sessions).values({
    user_id: userId,
    token_hash: sha256(token),
    expires_at: new Date(nowMs() + hours * 3600_000),
  });
  return token;
}

/** The answer of every call that signs the new customer in (register and its variants). */
export async function signedInAnswer(tx: Db, userId: number, token: string) {
  const loaded = await loadSessionUser(tx, userId);
  if (!loaded) throw new Error(`user ${userId} vanished`);
  return {
    token,
    user_id: userId,
    user: loaded.user,
    business_profile: loaded.business_profile,
    org: { id: loaded.row.org.id, name: loaded.row.org.name },
  };
}

/**
 * Category names from what a client or a legacy record holds (names or labels, any case);
 * unknown values are dropped, order kept, duplicates removed.
 */
export async function categoryNames(db: Db, values: readonly string[]): Promise<string[]> {
  if (values.length === 0) return [];
  const rows = await db.select({ name: services.name, label: services.label }).from(services);
  const byKey = new Map<string, string>();
  for (const row of rows) {
    byKey.set(row.name.toLowerCase(), row.name);
    byKey.set(row.label.toLowerCase(), row.name);
  }
  const found = values.map((v) => byKey.get(v.trim().toLowerCase())).filter((v): v is string => Boolean(v));
  return [...new Set(found)];
}

/** 422 on the categories field when any submitted name is not a service. */
export async function knownCategories(db: Db, values: readonly string[]): Promise<string[]> {
  const names = await categoryNames(db, values);
  if (names.length !== new Set(values).size)
    throw unprocessable({ categories: ['Unknown service category'] });
  return names;
}

/**
 * Marks sign-up complete and spends every registration link of the user (a link signs in, and a
 * finished account signs in with its password only). An invited user who never chose a password
 * gets the welcome mail with a set-password link (the sign-in page's welcome mode). The first
 * completion also gives the organization its account manager and onboarding checklist
 * (signup-tasks.ts); a repeated one changes nothing.
 */
export async function completeSignup(tx: Db, userId: number) {
  // Locked, so a retried or concurrent completion sees the first one's result and adds nothing.
  const [before] = await tx
    .select({ completed: users.signup_completed })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  const [user] = await tx
    .update(users)
    .set({ signup_completed: true })
    .where(eq(users.id, userId))
    .returning();
  await spendRegistrationLinks(tx, userId);
  if (!user || before?.completed) return;
  await assignAccountManager(tx, user.organization_id);
  await addOnboardingTasks(tx, user.organization_id);
  if (user.password_hash) return;
  // The link carries the code (the form shows it read-only), so it can be long: 256 random bits,
  // which a plain SHA-256 keeps (a 6-digit code under SHA-256 would be reversed offline in a second).
  const code = newToken();
  await tx.insert(passwordCodes).values({
    user_id: user.id,
    code_hash: sha256(`${user.id}:${code}`),
    expires_at: new Date(nowMs() + WELCOME_CODE_TTL_MS),
  });
  const query = new URLSearchParams({
    code,
    email: user.email,
    user_id: String(user.id),
    first_name: user.first_name,
    welcome: '1',
  });
  await tx.insert(mails).values({
    to: user.email,
    subject: 'Welcome! Choose your password',
    body: `Hi ${user.first_name},\n\nYour account is ready. Choose your password here:\n/login?${query}\n`,
  });
}
