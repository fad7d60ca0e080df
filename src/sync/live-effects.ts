/**
 * What each live message does to the local database (spec part 1 §4 "Invoice or campaign live
 * messages"), in one transaction with the message itself, so a message is applied exactly once:
 * a message id already stored for the user is skipped whole.
 *
 * - notification: a row in `notifications` (the bell and its dot read that table); a download
 *   notification also unblocks exports (`exportsReady` -> ready) and announces 'Export Completed'.
 * - Invoice status paid / failed: `invoiceStatus` -> 'Paid' / 'Failed'; failed announces
 *   'One-time payment failed'.
 * - Campaign switch_status: `campaignPending` holds the pending data until the campaigns screen
 *   clears it (clearCampaignPending) after its next refresh.
 * - reach_update: `reachValues[reachKey(...)]`, which cells showing 'miss' wait for.
 * Screens observe these tables with useLiveQuery. Payloads are untrusted: malformed ones are kept
 * as messages with no effect.
 */
import Dexie from 'dexie';
import { is } from 'superstruct';
import { Notification } from '../api/contracts/session';
import { db } from '../db/db';

export type LivePayload = Record<string, unknown>;
export type Announcement = { kind: 'success' | 'error'; header: string; body: string };

export const EXPORT_COMPLETED: Announcement = {
  kind: 'success',
  header: 'Export Completed',
  body: 'Your file is ready. Please check your notifications to download it.',
};
export const PAYMENT_FAILED: Announcement = {
  kind: 'error',
  header: 'One-time payment failed',
  body: 'Please try another payment method',
};

const INVOICE_STATUSES = ['Paid', 'Pending', 'Partially paid', 'Cancelled', 'Unpaid', 'Failed'];

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const integer = (value: unknown) => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : null;
};

/** The wire's invoice status ('paid', 'failed', 'partially paid') as the invoices list shows it. */
export function invoiceStatusLabel(status: unknown): string | null {
  const raw = text(status)?.trim().toLowerCase();
  return INVOICE_STATUSES.find((label) => label.toLowerCase() === raw) ?? null;
}

/** The cell a reach value belongs to: level (null = row, ad, account), id and date range. */
export function reachKey(cell: { id?: unknown; level?: unknown; start_date?: unknown; end_date?: unknown }) {
  return `${text(cell.level) ?? 'row'}:${String(cell.id)}:${text(cell.start_date) ?? ''}:${text(cell.end_date) ?? ''}`;
}

const isObject = (payload: unknown): payload is LivePayload =>
  typeof payload === 'object' && payload !== null && !Array.isArray(payload);

const objectOf = (payload: LivePayload) => text(payload.object)?.toLowerCase() ?? null;

/** What a message says to the user as a toast, if anything. */
export function announcementFor(payload: unknown): Announcement | null {
  if (!isObject(payload)) return null;
  if (payload.message_type === 'notification') {
    const n = payload.notification;
    return is(n, Notification) && n.action === 'download' ? EXPORT_COMPLETED : null;
  }
  if (objectOf(payload) === 'invoice' && invoiceStatusLabel(payload.status) === 'Failed')
    return PAYMENT_FAILED;
  return null;
}

export const LIVE_TABLES = [
  db.liveMessages,
  db.notifications,
  db.invoiceStatus,
  db.campaignPending,
  db.reachValues,
  db.exportsReady,
];

async function unblockExports(
  userId: number,
  notificationId: number,
  exportId: number | null,
  index: string | null,
  now: number,
) {
  // A row waiting for another known export (an older file's late notification) stays waiting.
  const waiting = await db.exportsReady
    .where('user_id')
    .equals(userId)
    .filter((row) => row.status === 'waiting' && (row.export_id === null || row.export_id === exportId))
    .toArray();
  const byExport = waiting.filter((row) => row.export_id !== null); // waiting for exactly this one
  const byType = waiting.filter((row) => row.type === index);
  const matching = byExport.length > 0 ? byExport : byType.length > 0 ? byType : waiting;
  for (const row of matching) {
    await db.exportsReady.put({
      ...row,
      status: 'ready',
      notification_id: notificationId,
      export_id: exportId,
      updated_at: now,
    });
  }
}

/** Applies one message's effect (call inside a transaction over LIVE_TABLES). */
export async function applyEffect(userId: number, payload: LivePayload, now: number): Promise<void> {
  const kind = text(payload.message_type);
  if (kind === 'notification') {
    const n = payload.notification;
    if (!is(n, Notification)) return;
    await db.notifications.put({ user_id: userId, ...n });
    if (n.action === 'download') await unblockExports(userId, n.notification_id, n.id, n.index, now);
    return;
  }
  const id = integer(payload.id);
  if (kind === 'reach_update') {
    const data = isObject(payload.data) ? payload.data : {};
    if (payload.id === undefined || payload.id === null) return;
    await db.reachValues.put({
      user_id: userId,
      key: reachKey(payload),
      reach: data.reach ?? null,
      performance_change: data.performance_change ?? null,
      updated_at: now,
    });
    return;
  }
  if (id === null) return;
  if (objectOf(payload) === 'invoice') {
    const status = invoiceStatusLabel(payload.status);
    if (status) await db.invoiceStatus.put({ user_id: userId, invoice_id: id, status, updated_at: now });
  } else if (objectOf(payload) === 'campaign' && kind === 'switch_status') {
    await db.campaignPending.put({
      user_id: userId,
      campaign_id: id,
      status: text(payload.status),
      placeholder: text(payload.placeholder),
      level: text(payload.level),
      updated_at: now,
    });
  }
}

/** Stores a message and applies its effect, once. Answers false when the id was already stored. */
export async function applyLiveMessage(
  userId: number,
  id: number,
  payload: unknown,
  now = Date.now(),
): Promise<boolean> {
  return db.transaction('rw', LIVE_TABLES, async () => {
    if (await db.liveMessages.get([userId, id])) return false;
    const body = isObject(payload) ? payload : {};
    await db.liveMessages.put({
      user_id: userId,
      id,
      message_type: text(body.message_type) ?? 'unknown',
      payload,
      received_at: now,
    });
    await applyEffect(userId, body, now);
    return true;
  });
}

/** The highest message id stored for a user: where a reconnect resumes. */
export async function lastLiveId(userId: number): Promise<number> {
  const last = await userMessages(userId).last();
  return last?.id ?? 0;
}

const userMessages = (userId: number) =>
  db.liveMessages.where(':id').between([userId, Dexie.minKey], [userId, Dexie.maxKey]);

/** Keeps the newest `keep` messages of a user (the effects stay in their own tables). */
export async function pruneLiveMessages(userId: number, keep = 500): Promise<void> {
  const count = await userMessages(userId).count();
  if (count <= keep) return;
  const old = await userMessages(userId)
    .limit(count - keep)
    .primaryKeys();
  await db.liveMessages.bulkDelete(old);
}

/** The campaigns screen saw the server's new state: the pending overlay can go. */
export async function clearCampaignPending(userId: number, campaignId: number): Promise<void> {
  await db.campaignPending.delete([userId, campaignId]);
}
