/**
 * The Outbox panel: every change of the signed-in user that has not reached the server, in send
 * order, with what happened so far (time, attempts, status, the server's message) and Retry /
 * Discard. Discard asks first: a discarded change is never sent, and the screens then show the
 * server's state again. A change refused as a conflict (the record changed elsewhere meanwhile)
 * shows both values and offers Keep mine / Take the server's instead (outbox-conflict.tsx). The dialog's modal skin (ui/dialog.tsx): focus stays inside, Escape or a
 * press on the backdrop closes it.
 *
 * Offline there is no Retry (a try could only fail): a waiting change says it goes out by itself
 * when the connection returns, a refused one that it can be retried then. Below the waiting
 * changes, what was sent today (outbox-sent-list.tsx), so the panel also answers "did it go
 * through?" after the fact; the user menu opens the panel when nothing is waiting.
 */
import './sync.css';
import { useState } from 'react';
import type { OutboxItem } from '../../db/app-db';
import { CloseButton } from '../../ui/close-button';
import { Dialog } from '../../ui/dialog';
import { formatAsOf } from '../format';
import { discardItem, retryItem } from '../outbox';
import { refreshReads } from '../read-refresh';
import { type OutboxSummary, useOutbox } from '../use-outbox';
import { noteDiscarded } from './delivery-confirmation';
import { OutboxConflict } from './outbox-conflict';
import { OutboxSentList } from './outbox-sent-list';

export const OFFLINE_WAIT_TEXT = 'Will be sent when the connection returns.';
export const OFFLINE_FAILED_TEXT = 'You can retry once the connection returns.';

/** What a change is waiting for. Offline it waits for a connection, whatever earlier tries said. */
export function itemStatus(item: OutboxItem, offline = false): string {
  if (item.status === 'sending') return 'Sending…';
  if (item.status === 'failed' && item.conflict) return 'Changed elsewhere';
  if (item.status === 'failed') return 'Failed';
  if (item.paused_token) return 'Waiting for you to sign in again';
  if (offline) return 'Waiting for a connection';
  if (item.error) return 'Waiting to retry';
  return 'Waiting to sync';
}

/**
 * The row's second line: when it was made and, once a try has really failed (the server said no,
 * or the change was refused), how many tries. Tries that could not be made offline are not news.
 */
export function itemMeta(item: OutboxItem, offline: boolean, now = Date.now()): string {
  const made = formatAsOf(item.created_at, now);
  const tries = item.status === 'failed' || (!offline && item.error !== null) ? item.attempts : 0;
  return tries > 0 ? `${made} · ${tries} ${tries === 1 ? 'attempt' : 'attempts'}` : made;
}

function OutboxRow({ item, offline }: { item: OutboxItem; offline: boolean }) {
  return (
    <li className={`outbox-item outbox-item--${item.status}`}>
      <div className="outbox-item__head">
        <strong className="outbox-item__label">{item.label}</strong>
        <span className={`outbox-item__status outbox-item__status--${item.status}`}>
          {itemStatus(item, offline)}
        </span>
      </div>
      <p className="outbox-item__meta">{itemMeta(item, offline)}</p>
      {item.status === 'failed' && item.conflict ? (
        <OutboxConflict item={{ ...item, conflict: item.conflict }} />
      ) : (
        <OutboxActions item={item} offline={offline} />
      )}
    </li>
  );
}

function OutboxActions({ item, offline }: { item: OutboxItem; offline: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const id = item.id as number;
  const discard = async () => {
    noteDiscarded(id);
    const gone = await discardItem(id);
    if (gone) await refreshReads(gone.user_id, gone.refresh ?? []);
  };
  return (
    <>
      {item.error && !(offline && item.status !== 'failed') ? (
        <p className="outbox-item__error">{item.error}</p>
      ) : null}
      {confirming ? (
        <fieldset className="outbox-item__confirm">
          <legend>Discard this change? It will not be sent.</legend>
          <button type="button" className="button button--danger" onClick={() => void discard()}>
            Discard
          </button>
          <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
            Keep
          </button>
        </fieldset>
      ) : (
        <div className="outbox-item__actions">
          {offline ? (
            <p className="outbox-item__offline">
              {item.status === 'failed' ? OFFLINE_FAILED_TEXT : OFFLINE_WAIT_TEXT}
            </p>
          ) : (
            <button
              type="button"
              className="button button--ghost"
              disabled={item.status === 'sending'}
              onClick={() => void retryItem(id)}
            >
              Retry
            </button>
          )}
          <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
            Discard
          </button>
        </div>
      )}
    </>
  );
}

type OutboxPanelProps = { summary: OutboxSummary; userId: number; onClose: () => void };

export function OutboxPanel({ summary, userId, onClose }: OutboxPanelProps) {
  const { items, waiting, failed, offline } = summary;
  return (
    <Dialog skin="modal" className="outbox-panel" aria-labelledby="outbox-title" onClose={onClose}>
      <div className="outbox-panel__header">
        <h2 id="outbox-title" className="outbox-panel__title">
          Outbox
        </h2>
        <CloseButton className="outbox-panel__close" onClick={onClose} />
      </div>
      <p className="outbox-panel__summary">
        {offline && items.length > 0
          ? "You're offline: these changes will be sent when the connection returns. "
          : ''}
        {offline && items.length === 0 ? "You're offline. " : ''}
        {items.length === 0
          ? 'Nothing is waiting: every change has reached the server.'
          : `${waiting} waiting to sync${failed > 0 ? `, ${failed} failed` : ''}. Changes are sent in the order you made them.`}
      </p>
      {items.length > 0 ? (
        <ul className="outbox-panel__list" aria-label="Changes waiting to sync">
          {items.map((item) => (
            <OutboxRow key={item.id} item={item} offline={offline} />
          ))}
        </ul>
      ) : null}
      <OutboxSentList userId={userId} />
    </Dialog>
  );
}

/** The panel with the signed-in user's outbox, for a host that does not read it already (user menu). */
export function OutboxDialog({ onClose }: { onClose: () => void }) {
  const outbox = useOutbox();
  if (outbox.userId === null) return null;
  return <OutboxPanel summary={outbox} userId={outbox.userId} onClose={onClose} />;
}
