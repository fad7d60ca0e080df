/**
 * Sign-up links that carry personal data: the legacy-platform migration link
 * (`/signup?ms_id=MS-1001&key=...`) and the sales lead's link (`/signup?lead_id=00Q-...&key=...`).
 *
 * The ids are the other systems' own and easy to guess (MS-1001, MS-1002, ...), so an id alone
 * shows nothing and claims nothing: the link's key is HMAC-SHA256(signup secret, kind:id), a
 * per-customer secret only the link's recipient holds. The page sends it back as a pass,
 * `<id>:<key>`, in the API token header (contracts/signup.ts signupPass).
 *
 * - The secret is SIGNUP_API_TOKEN (plugins/auth-contexts.ts signupSecret): the provider's systems
 *   that hold it mint links without asking this server, and rotating it voids every open link.
 * - Kinds are separated inside the HMAC, so a lead's key never opens a legacy account.
 * - Keys are compared in constant time; nothing is stored, so there is nothing to leak from the
 *   database either.
 */
import { asc, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { legacyAccounts, signupLeads } from '../../db/schema/signup';
import { hmac, safeEqual } from '../../lib/crypto';

export type LinkKind = 'legacy' | 'lead';

export const linkKey = (secret: string, kind: LinkKind, id: string): string =>
  hmac(secret, `signup-link:${kind}:${id.trim()}`);

/** The id and key of a pass (`<id>:<key>`; ids never hold a colon), or null. */
export function parsePass(value: unknown): { id: string; key: string } | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  const at = value.lastIndexOf(':');
  if (at <= 0) return null;
  return { id: value.slice(0, at).trim(), key: value.slice(at + 1).trim() };
}

/** Whether the pass is a valid key for this id of this kind. */
export function passOpens(secret: string, kind: LinkKind, id: string, pass: unknown): boolean {
  const parsed = parsePass(pass);
  return (
    parsed !== null &&
    parsed.id === id.trim() &&
    parsed.key !== '' &&
    safeEqual(parsed.key, linkKey(secret, kind, id))
  );
}

/** The page a link opens, with its key. */
export function signupLinkPath(secret: string, kind: LinkKind, id: string): string {
  const query = new URLSearchParams({
    [kind === 'legacy' ? 'ms_id' : 'lead_id']: id.trim(),
    key: linkKey(secret, kind, id),
  });
  return `/signup?${query}`;
}

export type SignupLink = { kind: LinkKind; id: string; name: string; email: string; link: string };

/** The links of every unclaimed legacy account and unconverted lead (the dev tools list them). */
export async function openSignupLinks(db: Db, secret: string): Promise<SignupLink[]> {
  const legacy = await db
    .select()
    .from(legacyAccounts)
    .where(isNull(legacyAccounts.claimed_by_user_id))
    .orderBy(asc(legacyAccounts.ms_id));
  const leads = await db
    .select()
    .from(signupLeads)
    .where(isNull(signupLeads.converted_user_id))
    .orderBy(asc(signupLeads.salesforce_id));
  return [
    ...legacy.map((row) => ({
      kind: 'legacy' as const,
      id: row.ms_id,
      name: row.org_name,
      email: row.email,
      link: signupLinkPath(secret, 'legacy', row.ms_id),
    })),
    ...leads.map((row) => ({
      kind: 'lead' as const,
      id: row.salesforce_id,
      name: row.business_name ?? `${row.first_name} ${row.last_name}`,
      email: row.email,
      link: signupLinkPath(secret, 'lead', row.salesforce_id),
    })),
  ];
}
