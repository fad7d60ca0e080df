/**
 * The header's sync indicator: Offline / Syncing… / N failed / N waiting, hidden when everything
 * is sent and the app is online. A click opens the Outbox panel.
 */
import './sync.css';
import { useState } from 'react';
import { type OutboxSummary, useOutbox } from '../use-outbox';
import { OutboxPanel } from './outbox-panel';

export function indicatorText(summary: Pick<OutboxSummary, 'state' | 'waiting' | 'failed'>): string {
  const { state, waiting, failed } = summary;
  if (state === 'offline') return waiting > 0 ? `Offline · ${waiting} waiting` : 'Offline';
  if (state === 'syncing') return 'Syncing…';
  if (state === 'failed') return `${failed} failed`;
  if (state === 'waiting') return `${waiting} waiting`;
  return 'All changes synced';
}

function Icon({ state }: { state: OutboxSummary['state'] }) {
  const paths: Record<OutboxSummary['state'], string> = {
    offline: 'M3 3l18 18M8.5 16.5a5 5 0 0 1 7-1M2 8.5a15 15 0 0 1 6-3.3M12 19h.01M22 8.5a15 15 0 0 0-9.5-3.9',
    syncing: 'M20 12a8 8 0 0 1-14.3 4.9M4 12a8 8 0 0 1 14.3-4.9M18 3v4h-4M6 21v-4h4',
    failed: 'M12 8v5m0 3h.01M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
    waiting: 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
    idle: 'M5 12l4 4L19 7',
  };
  return (
    <svg
      className={state === 'syncing' ? 'sync-indicator__spin' : undefined}
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[state]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function SyncIndicator() {
  const outbox = useOutbox();
  const [open, setOpen] = useState(false);
  if (outbox.userId === null) return null;
  const hidden = outbox.state === 'idle' && outbox.items.length === 0;
  const text = indicatorText(outbox);
  const count = outbox.state === 'failed' ? outbox.failed : outbox.waiting;
  return (
    <>
      {hidden ? null : (
        <button
          type="button"
          className={`sync-indicator sync-indicator--${outbox.state}`}
          aria-haspopup="dialog"
          aria-label={`${text}. Open the outbox`}
          title={text}
          data-count={count > 0 ? count : undefined}
          data-testid="sync-indicator"
          onClick={() => setOpen(true)}
        >
          <Icon state={outbox.state} />
          <span className="sync-indicator__text">{text}</span>
        </button>
      )}
      {open ? <OutboxPanel summary={outbox} userId={outbox.userId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
