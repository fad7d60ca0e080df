import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { clearSession, setSession } from '../../../src/db/session';
import { markNetworkFailure, markNetworkSuccess } from '../../../src/sync/connectivity';
import { setAccountZone } from '../../../src/sync/format';
import { deleteItem, discardItem, enqueue } from '../../../src/sync/outbox';
import { noteDiscarded } from '../../../src/sync/ui/delivery-confirmation';
import {
  addEntries,
  departed,
  entryOf,
  readHistory,
  recordOutboxHistory,
  recordSent,
  sentToday,
  sentTodayText,
} from '../../../src/sync/ui/outbox-history';
import { OFFLINE_FAILED_TEXT, OFFLINE_WAIT_TEXT } from '../../../src/sync/ui/outbox-panel';
import { SyncIndicator } from '../../../src/sync/ui/sync-indicator';

const USER = 7;
const write = (label: string) => enqueue({ userId: USER, method: 'PUT', path: '/notifications/1', label });
/** What the sender does with a delivered item: delete it, with its files, in one transaction. */
const deliver = (id: number) =>
  db.transaction('rw', db.outbox, db.outboxFiles, async () => deleteItem(await db.outbox.get(id)));

let stop: () => void = () => undefined;

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  localStorage.clear();
  await setSession({ token: 'tok', user_id: USER });
  markNetworkSuccess();
  setAccountZone('America/Chicago');
  stop = recordOutboxHistory();
});

afterEach(async () => {
  stop();
  cleanup();
  setAccountZone(null);
  await clearSession();
});

describe('the outbox history', () => {
  it('records delivered changes, not discarded or refused ones', async () => {
    const sent = await write('Pause campaign Roof Repair');
    const discarded = await write('Request lead review');
    const refused = await write('Update schedule');
    await deliver(sent);
    noteDiscarded(discarded);
    await discardItem(discarded);
    await db.outbox.update(refused, { status: 'failed', error: 'The review window has closed' });
    await discardItem(refused);
    const history = readHistory(USER);
    expect(history.map((entry) => entry.label)).toEqual(['Pause campaign Roof Repair']);
    expect(sentToday(history)).toHaveLength(1);
  });

  it('keeps one entry per write, newest first, only today in the account zone', () => {
    const now = Date.UTC(2026, 10, 26, 18, 0);
    const old = { key: 'a', label: 'Old', sent_at: Date.UTC(2026, 10, 25, 12, 0) };
    const late = { key: 'b', label: 'Late', sent_at: Date.UTC(2026, 10, 26, 16, 0) };
    const history = addEntries([old], [late, late], now);
    expect(history.map((entry) => entry.key)).toEqual(['b', 'a']);
    expect(sentToday(history, now).map((entry) => entry.label)).toEqual(['Late']);
    // Kept two days at most.
    expect(addEntries(history, [], now + 3 * 24 * 3600_000)).toEqual([]);
    expect(sentTodayText(3)).toBe('Sent today: 3 changes');
    expect(sentTodayText(1)).toBe('Sent today: 1 change');
  });

  it('drops stored rows it does not recognise', () => {
    localStorage.setItem(
      `portal:user:${USER}:outbox-sent`,
      '[{"key":1},"x",{"key":"k","label":"Ok","sent_at":5}]',
    );
    expect(readHistory(USER)).toEqual([{ key: 'k', label: 'Ok', sent_at: 5 }]);
    localStorage.setItem(`portal:user:${USER}:outbox-sent`, '{not json');
    expect(readHistory(USER)).toEqual([]);
  });
});

describe('the Outbox panel', () => {
  it('offline, offers no Retry and says the change waits for the connection; lists what was sent today', async () => {
    const delivered = await write('Mark notification as read');
    await deliver(delivered);
    await write('Pause campaign Roof Repair');
    const refused = await write('Request lead review');
    await db.outbox.update(refused, { status: 'failed', attempts: 1, error: 'The review window has closed' });
    act(() => markNetworkFailure());
    render(<SyncIndicator />);
    (await screen.findByTestId('sync-indicator')).click();
    const panel = await screen.findByRole('dialog', { name: 'Outbox' });
    const waiting = await within(panel).findByRole('list', { name: 'Changes waiting to sync' });
    await vi.waitFor(() => expect(within(waiting).getAllByRole('listitem')).toHaveLength(2));
    expect(within(panel).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(panel).getByText(OFFLINE_WAIT_TEXT)).toBeTruthy();
    expect(within(panel).getByText(OFFLINE_FAILED_TEXT)).toBeTruthy();
    expect(within(panel).getAllByRole('button', { name: 'Discard' })).toHaveLength(2);
    const sent = await within(panel).findByRole('region', { name: 'Sent today: 1 change' });
    expect(sent.textContent).toMatch(/Mark notification as read\d{1,2}:\d{2} [AP]M CST/);

    // Back online, Retry returns.
    act(() => markNetworkSuccess());
    await vi.waitFor(() => expect(within(panel).getAllByRole('button', { name: 'Retry' })).toHaveLength(2));
  });
});

describe('deliveries made elsewhere (the service worker)', () => {
  it('records an item seen waiting and then gone, once, and not when signing out empties the outbox', async () => {
    const id = await write('Update schedule');
    const edited = await write('Edit profile');
    const items = await db.outbox.toArray();
    // Sent by another context: this page sees only the row gone (and an edit, under a new key).
    stop();
    await deliver(id);
    await db.outbox.update(edited, { idempotency_key: 'new-key' });
    const now = await db.outbox.toArray();
    const gone = departed(items, now);
    expect(gone.map((item) => item.label)).toEqual(['Update schedule']);
    recordSent(
      USER,
      gone.map((item) => entryOf(item)),
    );
    recordSent(
      USER,
      gone.map((item) => entryOf(item)),
    );
    expect(readHistory(USER).map((entry) => entry.label)).toEqual(['Update schedule']);
    await clearSession();
    expect(departed(now, [])).toEqual([]);
  });
});
