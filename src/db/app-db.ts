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
  /** The request's canonical body text (POST reads; rows stored before version 4 have none). */
  body?: string;
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

/**
 * What a write is about, set at enqueue: `{type: 'lead-review', id: 123}`. Screens ask "is this
 * row pending or failed, and why" by tag (usePendingWrites) instead of parsing URLs.
 */
export type OutboxTag = { type: string; id: string | number };

/** The indexed form of a tag: `lead-review:123` (IndexedDB cannot index an object). */
export const tagKey = (tag: OutboxTag) => `${tag.type}:${tag.id}`;

/**
 * One file of a write that carries files (outbox-files.ts). Its bytes are a row of `outboxFiles`;
 * the steps' results are stored here before the next step runs, so a crash or a lost connection
 * resumes where it stopped and a finished step is never done again.
 */
export type OutboxUploadFile = {
  /** The `outboxFiles` row holding the Blob. */
  file_id: number;
  filename: string;
  content_type: string;
  byte_size: number;
  /** Base64 MD5 of the bytes (Content-MD5), computed once at enqueue. */
  checksum: string;
  /** Step 1's answer (GET /activities/assets/presigned_url): where to PUT, and the file's ids. */
  presigned: { url: string; headers: Record<string, string>; signed_id: string; id: number } | null;
  /** Step 2 done: the storage has the bytes. */
  uploaded: boolean;
};

/** A file's bytes, kept until its write is delivered or discarded (a refusal keeps them). */
export type OutboxFileRow = { id?: number; user_id: number; blob: Blob };

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
  /** A refused write's 422 field errors (field -> messages), for the form that queued it. */
  field_errors?: Record<string, string[]> | null;
  created_at: number;
  next_attempt_at: number;
  /** Set after a 401/403: the token the server refused. The item waits until a different one exists. */
  paused_token?: string | null;
  /** GET paths whose cached answers this write changes: refreshed once it is delivered. */
  refresh?: string[];
  /** What the write is about (rows before version 3 may have none: they are sent all the same). */
  tag?: OutboxTag | null;
  /** tagKey(tag), indexed with user_id. */
  tag_key?: string;
  /** Files uploaded before the write itself is sent (outbox-files.ts). */
  uploads?: OutboxUploadFile[];
  /**
   * Set when the server refused the write as made from an older version of the record (a 409,
   * sync/outbox-conflicts.ts): the record's version and value now, with the body's field names.
   */
  conflict?: { version: number; current: Record<string, unknown> } | null;
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

/** A reach value that resolves a cell showing 'miss' (features/performance/reach-live.ts reachKey). */
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
  outboxFiles!: EntityTable<OutboxFileRow, 'id'>;
  notifications!: Dexie.Table<NotificationRow, [number, number]>;
  liveMessages!: Dexie.Table<LiveMessageRow, [number, number]>;
  invoiceStatus!: Dexie.Table<InvoiceStatusRow, [number, number]>;
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
    // Version 3: tagged writes and writes carrying files.
    //   outbox       [user_id+tag_key] finds a row's writes (usePendingWrites); rows queued by an
    //                older version get the tag their URL implies, others stay untagged (and are
    //                sent all the same)
    //   outboxFiles  auto id; the Blobs of writes with uploads, per user
    this.version(3)
      .stores({
        outbox: '++id, &idempotency_key, user_id, [user_id+status], created_at, [user_id+tag_key]',
        outboxFiles: '++id, user_id',
      })
      .upgrade((tx) =>
        tx
          .table('outbox')
          .toCollection()
          .modify((item: Record<string, unknown>) => {
            const tag = legacyTag(String(item.method), String(item.url));
            if (tag && !item.tag) Object.assign(item, { tag, tag_key: tagKey(tag) });
          }),
      );
    // Version 4: one refresh signal for reads (sync/read-refresh.ts `... *` entries).
    //   responses        [user_id+url] finds a read's stored variants (each query, each body);
    //                    rows keep their request's body from now on
    //   campaignPending  dropped: it only told the campaigns screen to read again, which the
    //                    live effect now does itself (features/campaigns/campaigns-live.ts)
    this.version(4).stores({
      responses: 'key, user_id, stored_at, [user_id+url]',
      campaignPending: null,
    });
  }
}

/** The tags of the writes queued before version 3, read from their URLs (a migration, once). */
function legacyTag(method: string, url: string): OutboxTag | null {
  const review = /^\/leads\/(\d+)\/review$/.exec(url);
  if (method === 'POST' && review) return { type: 'lead-review', id: Number(review[1]) };
  const read = /^\/notifications\/(\d+)$/.exec(url);
  if (method === 'PUT' && read) return { type: 'notification-read', id: Number(read[1]) };
  const table = /^\/table\/([\w-]+)$/.exec(url);
  if (table) return { type: 'table-columns', id: table[1] };
  return null;
}

/**
 * The tables that hold no user's data: everything else is per-user (each row carries `user_id`,
 * indexed) and is wiped at sign-out (db/user-data.ts derives the list from the schema, so a new
 * table is wiped without anyone remembering to add it). Adding a table here needs a reason.
 */
export const DEVICE_TABLES: readonly string[] = ['session'];

/** The outbox's tables: kept at session expiry for the same user's return. */
export const OUTBOX_TABLES: readonly string[] = ['outbox', 'outboxFiles'];
