/**
 * The live channel (GET /api/v1/live, server-sent events) into the local database. The only user
 * of @microsoft/fetch-event-source, which lets the auth headers be sent.
 *
 * - One connection per browser: the tab holding the 'portal-live' Web Lock connects; the others
 *   wait for the lock and follow through Dexie (useLiveQuery sees the leader's writes).
 * - Open while hidden (notifications still arrive), reconnects by itself with backoff, at once
 *   when the browser comes back online, and resumes with Last-Event-ID = the last id stored, so
 *   nothing is missed; an id already stored is skipped (once each, in order: messages are written
 *   one after another). A `reset` event (the server cannot resume) refetches instead. A device
 *   with no message stored yet keeps the `position` a fresh stream starts from, so its next
 *   connection (a reload, the next screen opened) gets what was sent in between.
 * - A new session (sign-in, sign-out, another user) drops the connection and starts over.
 * - The reads a stored message changed (its effects' `refresh`) are fetched again from here, once,
 *   in the background (read-refresh.ts); the next message does not wait for them.
 */
import { type EventSourceMessage, fetchEventSource } from '@microsoft/fetch-event-source';
import { peekSession, type Session, subscribeSession } from '../db/session';
import { backoffMs } from '../lib/backoff';
import { markNetworkFailure, markServerAnswered } from './connectivity';
import {
  applyLiveMessage,
  lastLiveId,
  pruneLiveMessages,
  refreshesFor,
  rememberLivePosition,
} from './live-effects';
import { withLock } from './locks';
import { refreshReads } from './read-refresh';
import { API_PREFIX } from './response-cache';
import { sessionHeaders } from './session-headers';

export const LIVE_LOCK = 'portal-live';
/** Reconnect delays: from 1 s, doubling, capped at 10 s (the formula is lib/backoff.ts). */
const RECONNECT_BACKOFF = { baseMs: 1000, maxMs: 10_000 };

export type LiveChannelHooks = {
  /** A message was stored and applied (not a duplicate). */
  onMessage?: (userId: number, id: number, payload: unknown) => void;
  /** The server could not resume: refetch what the channel feeds. */
  onReset?: (userId: number) => void;
  /** 401/403 on connect with this token. */
  onAuthFailure?: (sentToken: string | null) => void;
};

class FatalError extends Error {}
class Closed extends Error {}

/** Holds one connection for `session` until `signal` aborts. */
async function connect(session: Session, signal: AbortSignal, hooks: LiveChannelHooks): Promise<void> {
  const userId = session.user_id as number;
  let lastId = await lastLiveId(userId);
  let failures = 0;
  let chain = Promise.resolve();

  const handle = async (message: EventSourceMessage) => {
    if (message.event === 'position') {
      const at = Number((JSON.parse(message.data || '{}') as { last_id?: unknown }).last_id);
      if (Number.isSafeInteger(at) && at > lastId) {
        lastId = at;
        rememberLivePosition(userId, at);
      }
      return;
    }
    if (message.event === 'reset') {
      const last = Number((JSON.parse(message.data || '{}') as { last_id?: unknown }).last_id);
      if (Number.isInteger(last)) lastId = last;
      hooks.onReset?.(userId);
      return;
    }
    const id = Number(message.id);
    if (!message.id || !Number.isInteger(id) || id <= lastId) return;
    let payload: unknown = null;
    try {
      payload = JSON.parse(message.data);
    } catch {
      payload = { message_type: 'unknown', raw: message.data };
    }
    const added = await applyLiveMessage(userId, id, payload);
    lastId = Math.max(lastId, id);
    if (added) {
      const reads = refreshesFor(payload);
      if (reads.length > 0) void refreshReads(userId, reads);
      hooks.onMessage?.(userId, id, payload);
    }
  };

  // The connection is back (the browser's, or the server answering again: connectivity.ts):
  // reconnect now rather than after the current retry delay; an open stream needs nothing.
  const reconnect = new AbortController();
  let open = false;
  const onOnline = () => {
    if (!open) reconnect.abort();
  };
  window.addEventListener('online', onOnline);
  const stop = AbortSignal.any([signal, reconnect.signal]);
  try {
    await fetchEventSource(`${API_PREFIX}/live`, {
      signal: stop,
      openWhenHidden: true,
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        for (const [name, value] of Object.entries(sessionHeaders(session))) headers.set(name, value);
        if (lastId > 0) headers.set('Last-Event-ID', String(lastId));
        else headers.delete('Last-Event-ID');
        // Low priority: the stream stays open for the whole visit and must never be counted, by
        // the browser or by a page-load measure (Lighthouse waits for the important requests to
        // end), as one of the screen's own reads.
        return fetch(input, { ...init, headers, cache: 'no-store', priority: 'low' });
      },
      onopen: async (response) => {
        const type = response.headers.get('content-type') ?? '';
        if (response.ok && type.startsWith('text/event-stream')) {
          failures = 0;
          open = true;
          markServerAnswered();
          return;
        }
        if (response.status === 401 || response.status === 403) {
          hooks.onAuthFailure?.(session.token);
          throw new FatalError(`live channel refused (${response.status})`);
        }
        throw new Error(`live channel answered ${response.status}`);
      },
      onmessage: (message) => {
        chain = chain
          .then(() => handle(message))
          .catch((error: unknown) => console.error('Live message not stored', error));
      },
      onclose: () => {
        throw new Closed('live channel closed by the server');
      },
      onerror: (error: unknown) => {
        open = false;
        if (error instanceof FatalError) throw error;
        if (!(error instanceof Closed)) markNetworkFailure();
        failures += 1;
        return backoffMs(failures, Math.random(), RECONNECT_BACKOFF);
      },
    });
  } finally {
    window.removeEventListener('online', onOnline);
    await chain;
    void pruneLiveMessages(userId).catch(() => undefined);
  }
  if (reconnect.signal.aborted && !signal.aborted) return connect(session, signal, hooks);
}

/** Starts the channel for whoever is signed in, now and after every session change. Answers stop(). */
export function startLiveChannel(hooks: LiveChannelHooks = {}): () => void {
  let current: AbortController | null = null;
  let identity = '';

  const restart = () => {
    const session = peekSession();
    const next = session.token && session.user_id !== null ? `${session.user_id}:${session.token}` : '';
    if (next === identity) return;
    identity = next;
    current?.abort();
    current = null;
    if (!next) return;
    const controller = new AbortController();
    current = controller;
    withLock(LIVE_LOCK, () => connect(session, controller.signal, hooks), controller.signal).catch(
      (error: unknown) => {
        if (!controller.signal.aborted) console.warn('Live channel stopped', error);
      },
    );
  };

  const unsubscribe = subscribeSession(restart);
  restart();
  return () => {
    unsubscribe();
    current?.abort();
  };
}
