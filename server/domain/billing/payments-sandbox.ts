/**
 * The card payment provider's sandbox (modelled on PaySimple's checkout flow): short-lived
 * checkout tokens tied to a user, and tokenizing a card or bank account into provider ids.
 *
 * - Nothing here is stored: a checkout token and a provider account id are signed, self-describing
 *   strings (payload + HMAC), so any server instance can check them and none can be forged. The
 *   account id carries only what the provider would report back (brand, last four, expiry, bank),
 *   never the full number.
 * - Test numbers: cards 4111 1111 1111 1111 (Visa), 5555 5555 5555 4444 (Mastercard),
 *   3782 822463 10005 (Amex), 6011 1111 1111 1117 (Discover) approve, as does any other Luhn-valid
 *   number of those brands; 4000 0000 0000 0002 is declined and 4000 0000 0000 9995 has insufficient
 *   funds. ACH: routing 011000015 (or any routing number with a valid checksum) approves with any
 *   account number, except account 000000000, which cannot be verified.
 * - Charges (invoice payments) settle later: 4000 0000 0000 0341 tokenizes but every charge is
 *   declined, 4000 0000 0000 9979 tokenizes but a charge finds insufficient funds; any other
 *   account the provider issued (and any ACH account) is approved (`chargeOutcome`).
 */
import type { TokenizeBody, TokenizeResponse } from '../../../src/api/contracts/payments';
import { now as clockNow, nowMs } from '../../lib/clock';
import { hmac, newToken, safeEqual } from '../../lib/crypto';

export const CHECKOUT_TOKEN_TTL_MS = 15 * 60_000;

export const DECLINED_CARDS: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
};
export const DECLINED_BANK_ACCOUNTS: Record<string, string> = {
  '000000000': 'The bank account could not be verified.',
};
/** Cards that tokenize but whose charges fail at settlement: the provider's message. */
export const CHARGE_DECLINED_CARDS: Record<string, string> = {
  '4000000000000341': 'Your card was declined.',
  '4000000000009979': 'Your card has insufficient funds.',
};
const BANK_NAMES: Record<string, string> = { '011000015': 'Federal Reserve Bank (Sandbox)' };

/** What the provider remembers about a tokenized account (and reports to the merchant). */
export type SandboxAccount = {
  userId: number;
  type: 'card' | 'ach';
  brand: string | null;
  lastFour: string;
  expMonth: number | null;
  expYear: number | null;
  bankName: string | null;
  routingNumber: string | null;
  accountType: 'checking' | 'savings' | null;
  firstName: string;
  lastName: string;
  email: string;
  /** Set for a charge-declined test card: why every charge on it fails. */
  chargeDecline?: string;
};

export const sandboxKey = (secret: string) => hmac(secret, 'paysimple-sandbox-v1');

function sign(key: string, prefix: string, payload: unknown): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${prefix}_${body}.${hmac(key, `${prefix}.${body}`)}`;
}

function unsign<T>(key: string, prefix: string, value: string): T | null {
  const match = new RegExp(`^${prefix}_([\\w-]+)\\.([\\w-]+)$`).exec(value);
  if (!match || !safeEqual(match[2], hmac(key, `${prefix}.${match[1]}`))) return null;
  try {
    return JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}

export const issueCheckoutToken = (key: string, userId: number, now = nowMs()) =>
  sign(key, 'pst', { u: userId, exp: now + CHECKOUT_TOKEN_TTL_MS, n: newToken().slice(0, 12) });

/** The user a valid, unexpired checkout token was issued to, or null. */
export function checkoutTokenUser(key: string, token: string, now = nowMs()): number | null {
  const claims = unsign<{ u: number; exp: number }>(key, 'pst', token);
  return claims && claims.exp > now && Number.isInteger(claims.u) ? claims.u : null;
}

export const customerId = (key: string, userId: number) =>
  `psc_${hmac(key, `customer:${userId}`).slice(0, 16)}`;

/** The provider's record behind an account id it issued, or null for anything else. */
export const readSandboxAccount = (key: string, psAccountId: string) =>
  unsign<SandboxAccount>(key, 'psa', psAccountId);

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function cardBrand(digits: string): string | null {
  if (/^4\d{15}$/.test(digits)) return 'VISA';
  if (/^(5[1-5]\d{14}|2(2[2-9]|[3-6]\d|7[01])\d{13}|2720\d{12})$/.test(digits)) return 'MASTERCARD';
  if (/^3[47]\d{13}$/.test(digits)) return 'AMERICAN EXPRESS';
  if (/^(6011\d{12}|65\d{14}|64[4-9]\d{13})$/.test(digits)) return 'DISCOVER';
  return null;
}

/** ABA routing number checksum: 3-7-1 weights over the nine digits. */
export function routingValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])) % 10 === 0;
}

export type TokenizeOutcome =
  | { ok: true; answer: TokenizeResponse }
  | { ok: false; status: 401 | 402 | 422; errors: string | Record<string, string[]> };

const digits = (value: unknown) => String(value ?? '').replace(/\D/g, '');

function cardAccount(body: TokenizeBody, now: Date): TokenizeOutcome | Omit<SandboxAccount, 'userId'> {
  const number = digits(body.card_number);
  const month = Number(digits(body.exp_month));
  let year = Number(digits(body.exp_year));
  if (year < 100) year += 2000;
  const brand = cardBrand(number);
  const errors: Record<string, string[]> = {};
  if (!brand || !luhn(number)) errors.card_number = ['Enter a valid card number'];
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (!(month >= 1 && month <= 12) || year * 12 + month < thisMonth || year > now.getUTCFullYear() + 20)
    errors.expiry = ['Enter a valid expiry date'];
  const cvv = digits(body.cvv);
  if (cvv.length !== (brand === 'AMERICAN EXPRESS' ? 4 : 3)) errors.cvv = ['Enter a valid security code'];
  if (body.zip !== undefined && !/^\d{5}$/.test(body.zip.trim())) errors.zip = ['Enter a valid ZIP code'];
  if (Object.keys(errors).length) return { ok: false, status: 422, errors };
  if (DECLINED_CARDS[number]) return { ok: false, status: 402, errors: DECLINED_CARDS[number] };
  return {
    ...(CHARGE_DECLINED_CARDS[number] ? { chargeDecline: CHARGE_DECLINED_CARDS[number] } : {}),
    type: 'card',
    brand,
    lastFour: number.slice(-4),
    expMonth: month,
    expYear: year,
    bankName: null,
    routingNumber: null,
    accountType: null,
    firstName: body.first_name.trim(),
    lastName: body.last_name.trim(),
    email: body.email.trim(),
  };
}

function bankAccount(body: TokenizeBody): TokenizeOutcome | Omit<SandboxAccount, 'userId'> {
  const routing = digits(body.routing_number);
  const account = digits(body.account_number);
  const errors: Record<string, string[]> = {};
  if (!routingValid(routing)) errors.routing_number = ['Enter a valid routing number'];
  if (account.length < 4 || account.length > 17) errors.account_number = ['Enter a valid account number'];
  if (Object.keys(errors).length) return { ok: false, status: 422, errors };
  if (DECLINED_BANK_ACCOUNTS[account])
    return { ok: false, status: 402, errors: DECLINED_BANK_ACCOUNTS[account] };
  return {
    type: 'ach',
    brand: null,
    lastFour: account.slice(-4),
    expMonth: null,
    expYear: null,
    bankName: body.bank_name?.trim() || BANK_NAMES[routing] || 'Sandbox Community Bank',
    routingNumber: routing,
    accountType: body.account_type ?? 'checking',
    firstName: body.first_name.trim(),
    lastName: body.last_name.trim(),
    email: body.email.trim(),
  };
}

/** Checks the checkout token and the card or bank fields; answers the provider ids or why not. */
export function tokenize(key: string, body: TokenizeBody, now = clockNow()): TokenizeOutcome {
  const userId = checkoutTokenUser(key, body.token, now.getTime());
  if (userId === null)
    return { ok: false, status: 401, errors: 'The checkout session has expired. Reload the form.' };
  const result = body.type === 'card' ? cardAccount(body, now) : bankAccount(body);
  if ('ok' in result) return result;
  const record: SandboxAccount = { userId, ...result };
  return {
    ok: true,
    answer: {
      ps_account_id: sign(key, 'psa', record),
      ps_customer_id: customerId(key, userId),
      type: record.type,
      brand: record.brand,
      last_four: record.lastFour,
    },
  };
}

/**
 * What the provider answers when a charge on an account it issued settles: approved, or declined
 * with its message. Accounts it did not issue through this sandbox (older, imported ones) approve.
 */
export function chargeOutcome(
  key: string,
  psAccountId: string | null,
): { ok: true } | { ok: false; message: string } {
  const record = psAccountId ? readSandboxAccount(key, psAccountId) : null;
  return record?.chargeDecline ? { ok: false, message: record.chargeDecline } : { ok: true };
}
