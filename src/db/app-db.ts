/**
 * The client database (IndexedDB through Dexie): schema, versions and row types.
 *
 * - Every table but `session` is per-user: each row carries `user_id`, indexed, so nothing cached
 *   is ever shown to another user and sign-out / session expiry can delete a user's rows.
 * - Never edit a shipped version's stores: add `version(n + 1)` with the new stores (and an
 *   upgrade function when rows must change); Dexie upgrades installed apps in place.
 * - Rows come back from storage untrusted (older versions, manual edits): readers validate them.
 */
import Dexie, { type EntityTable } from 'dexie';

/** One field of the session store (spec part 1 §3), stored key -> value. */
export type SessionRow = { key: string; value: unknown };

/** A cached API read, keyed by user + method + URL + body hash (several list reads are POSTs). */
export type CachedResponse = {
  key: string;
  user_id: number;
  method: string;
  url: string;
  data: unknown;
  stored_at: number;
};

/** queued: waits its turn (or its backoff); sending: on the wire; failed: refused, kept for the user. */
export type OutboxStatus = 'queued' | 'sending' | 'failed';

/** One field of a multipart body: text, or a file kept as a Blob (with its name: Blobs lose it). */
export type OutboxPart = { name: string; value: string } | { name: string; blob: Blob; filename: string };

export type OutboxBody =
  | { kind: 'none' }
  | { kind: 'json'; json: unknown }
  | { kind: 'multipart'; parts: OutboxPart[] };

/** A write waiting for the server; sent oldest first (by id) with its Idempotency-Key. */
export type OutboxItem = {
  id?: number;
  user_id: number;
  idempotency_key: string;
  method: string;
  /** The path under the API base, e.g. `/notifications/12` (headers are built at send time). */
  url: string;
  body: OutboxBody;
  /** What the user did, in their words ('Mark notification as read'): the Outbox panel shows it. */
  label: string;
  status: OutboxStatus;
  attempts: number;
  /** The last failure: the server's message for a refused write, else what went wrong. */
  error: string | null;
  created_at: number;
  next_attempt_at: number;
  /** Set after a 401/403: the token the server refused. The item waits until a different one exists. */
  paused_token?: string | null;
  /** GET paths whose cached answers this write changes: refreshed once it is delivered. */
  refresh?: string[];
};

/** A notification as the live channel and GET /notifications deliver it, for one user. */
export type NotificationRow = {
  user_id: number;
  notification_id: number;
  message: string;
  action: string;
  index: string | null;
  id: number | null;
  is_read: boolean;
  created_at: string;
};

/** A live-channel message, kept so a reconnect resumes from the last id (Last-Event-ID). */
export type LiveMessageRow = {
  user_id: number;
  id: number;
  message_type: string;
  payload: unknown;
  received_at: number;
};

/** An invoice status the live channel changed (paid -> 'Paid', failed -> 'Failed'). */
export type InvoiceStatusRow = { user_id: number; invoice_id: number; status: string; updated_at: number };

/** A campaign switch_status: the pending data the campaigns list overlays on its rows. */
export type CampaignPendingRow = {
  user_id: number;
  campaign_id: number;
  status: string | null;
  placeholder: string | null;
  level: string | null;
  updated_at: number;
};

/** A reach value that resolves a cell showing 'miss' (see live-effects.ts reachKey). */
export type ReachValueRow = {
  user_id: number;
  key: string;
  reach: unknown;
  performance_change: unknown;
  updated_at: number;
};

/** An export per type: waiting (button blocked) until its notification arrives, then ready. */
export type ExportReadyRow = {
  user_id: number;
  type: string;
  status: 'waiting' | 'ready';
  notification_id: number | null;
  export_id: number | null;
  updated_at: number;
};

export class AppDb extends Dexie {
  session!: EntityTable<SessionRow, 'key'>;
  responses!: EntityTable<CachedResponse, 'key'>;
  outbox!: EntityTable<OutboxItem, 'id'>;
  notifications!: Dexie.Table<NotificationRow, [number, number]>;
  liveMessages!: Dexie.Table<LiveMessageRow, [number, number]>;
  invoiceStatus!: Dexie.Table<InvoiceStatusRow, [number, number]>;
  campaignPending!: Dexie.Table<CampaignPendingRow, [number, number]>;
  reachValues!: Dexie.Table<ReachValueRow, [number, string]>;
  exportsReady!: Dexie.Table<ExportReadyRow, [number, string]>;

  constructor(name = 'customer-portal') {
    super(name);
    // Version 1: the session store plus the per-user tables the offline core fills.
    //   session        key -> value of each session field
    //   responses      cached reads; user_id to delete a user's cache, stored_at to prune old ones
    //   outbox         auto id = send order; the key is unique (a write is queued once);
    //                  [user_id+status] finds one user's queued or failed items
    //   notifications  one row per user and notification (booleans cannot be indexed in IndexedDB)
    //   liveMessages   one row per user and live message id
    this.version(1).stores({
      session: 'key',
      responses: 'key, user_id, stored_at',
      outbox: '++id, &idempotency_key, user_id, [user_id+status], created_at',
      notifications: '[user_id+notification_id], user_id, created_at',
      liveMessages: '[user_id+id], user_id, received_at',
    });
    // Version 2: the live channel's effects, one table per thing a screen observes, all per user.
    //   invoiceStatus    [user+invoice] -> Paid / Failed
    //   campaignPending  [user+campaign] -> the switch_status data
    //   reachValues      [user+cell key] -> reach and performance_change
    //   exportsReady     [user+export type] -> waiting / ready
    // Outbox rows gained label, a typed body, paused_token and refresh: older rows get defaults.
    this.version(2)
      .stores({
        invoiceStatus: '[user_id+invoice_id], user_id',
        campaignPending: '[user_id+campaign_id], user_id',
        reachValues: '[user_id+key], user_id',
        exportsReady: '[user_id+type], user_id',
      })
      .upgrade((tx) =>
        tx
          .table('outbox')
          .toCollection()
          .modify((item: Record<string, unknown>) => {
            if (typeof item.label !== 'string') item.label = `${item.method} ${item.url}`;
            const body = item.body as { kind?: unknown } | null | undefined;
            if (!body || typeof body !== 'object' || typeof body.kind !== 'string') {
              item.body =
                body === undefined || body === null ? { kind: 'none' } : { kind: 'json', json: body };
            }
          }),
      );
  }
}

/** The tables holding one user's data: emptied on sign-out and session expiry. */
export const PER_USER_TABLES = [
  'responses',
  'outbox',
  'notifications',
  'liveMessages',
  'invoiceStatus',
  'campaignPending',
  'reachValues',
  'exportsReady',
] as const;
export type PerUserTable = (typeof PER_USER_TABLES)[number];
