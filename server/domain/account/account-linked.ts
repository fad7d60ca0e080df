/**
 * Linked accounts (spec part 2 §3 "Linked account", §6): the caller's organization's accounts with
 * their lead transfer settings, whether more may be added (organization_settings.can_add_account),
 * and saving one account's settings.
 *
 * - A ref_id of another organization (or none) is a 404: ownership is part of the lookup.
 * - The server checks what a form cannot: a number must be a dialable US number (area code and
 *   exchange not starting with 0 or 1), answered as a 422 on that field.
 * - Extra destinations are kept only when the account allows several; otherwise they are cleared.
 * - The settings have a version (accounts.settings_version), raised by each save: a save made from
 *   another version is a 409 with the settings now (lib/versions.ts). The account's row is locked
 *   before the check. The overview's lead transfer task sends no version and saves as before.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  type AccountSettings,
  type AccountSettingsTaskBody,
  EXTRA_DESTINATIONS,
  type LinkedAccount,
  SETTINGS_FIELDS,
} from '../../../src/api/contracts/account';
import { messages } from '../../../src/lib/validation';
import type { Db } from '../../db/client';
import { organizationSettings } from '../../db/schema/catalog';
import { accounts } from '../../db/schema/shell';
import { notFound, unprocessable } from '../../lib/errors';
import { checkVersion } from '../../lib/versions';

type AccountRow = typeof accounts.$inferSelect;

function toLinked(row: AccountRow): LinkedAccount {
  const stored = row.settings ?? {};
  const settings = Object.fromEntries(
    SETTINGS_FIELDS.map((field) => [field, typeof stored[field] === 'string' ? stored[field] : '']),
  ) as AccountSettings;
  return {
    ref_id: row.ref_id,
    brand: row.brand,
    name: row.name,
    username: row.username,
    platform: row.platform,
    status: row.status,
    has_settings: row.has_settings,
    show_multiple_destination_phones: row.show_multiple_destination_phones,
    settings,
    settings_version: row.settings_version,
  };
}

export async function accountsSummary(db: Db, organizationId: number) {
  const rows = await db
    .select()
    .from(accounts)
    .where(eq(accounts.organization_id, organizationId))
    .orderBy(asc(accounts.id));
  const [flags] = await db
    .select({ can_add_account: organizationSettings.can_add_account })
    .from(organizationSettings)
    .where(eq(organizationSettings.organization_id, organizationId));
  return { can_add_account: flags?.can_add_account ?? false, accounts: rows.map(toLinked) };
}

/** A 10-digit number a US phone can dial: NXX-NXX-XXXX. */
export const isDialable = (digits: string) => /^[2-9]\d{2}[2-9]\d{6}$/.test(digits);

const PHONE_FIELDS = SETTINGS_FIELDS.filter((field) => !field.startsWith('email'));

export async function saveAccountSettings(
  db: Db,
  organizationId: number,
  refId: string,
  body: AccountSettingsTaskBody,
): Promise<LinkedAccount> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.organization_id, organizationId), eq(accounts.ref_id, refId)))
    .for('update');
  if (!row) throw notFound();
  if (!row.has_settings) throw unprocessable('This account has no lead transfer settings');
  await checkVersion(body.based_on_version, row.settings_version, () => toLinked(row).settings);
  const next: Record<string, string | null> = {};
  for (const field of SETTINGS_FIELDS) {
    const value = body[field] ?? '';
    const dropped = EXTRA_DESTINATIONS.includes(field) && !row.show_multiple_destination_phones;
    next[field] = dropped || value === '' ? null : value;
  }
  const errors: Record<string, string[]> = {};
  for (const field of PHONE_FIELDS) {
    const value = next[field];
    if (value && !isDialable(value)) errors[field] = [messages.phone];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const [saved] = await db
    .update(accounts)
    .set({ settings: next, settings_version: sql`${accounts.settings_version} + 1` })
    .where(eq(accounts.id, row.id))
    .returning();
  return toLinked(saved);
}
