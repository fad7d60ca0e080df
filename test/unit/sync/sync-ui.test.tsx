import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { clearSession, setSession } from '../../../src/db/session';
import { markNetworkFailure, markNetworkSuccess } from '../../../src/sync/connectivity';
import { formatAsOf, offlineBadgeText } from '../../../src/sync/format';
import { enqueue } from '../../../src/sync/outbox';
import { confirmSignOutIfPending, SIGN_OUT_WARNING } from '../../../src/sync/sign-out-guard';
import { PendingSyncMarker } from '../../../src/sync/ui/pending-sync-marker';
import { indicatorText, SyncIndicator } from '../../../src/sync/ui/sync-indicator';
import { UpdatePrompt } from '../../../src/sync/ui/update-prompt';
import { offerUpdate } from '../../../src/sync/update';
import { summarize } from '../../../src/sync/use-outbox';

const write = (n: number) =>
  enqueue({
    userId: 7,
    method: 'PUT',
    path: `/notifications/${n}`,
    label: 'Mark notification as read',
    tag: { type: 'notification-read', id: n },
  });

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  await setSession({ token: 'tok', user_id: 7 });
  markNetworkSuccess();
});

afterEach(async () => {
  cleanup();
  await clearSession();
});

describe('texts', () => {
  it('formats times and the badge, labelled with their zone', () => {
    const now = new Date(2026, 2, 3, 18, 0).getTime();
    expect(formatAsOf(new Date(2026, 2, 3, 10, 42).getTime(), now)).toMatch(/^10:42 AM \S+$/);
    expect(offlineBadgeText(new Date(2026, 2, 3, 10, 42).getTime(), now)).toMatch(
      /^Offline · data as of 10:42 AM \S+$/,
    );
    expect(offlineBadgeText(new Date(2026, 2, 1, 9, 5).getTime(), now)).toMatch(
      /^Offline · data as of Mar 1, 9:05 AM \S+$/,
    );
    expect(offlineBadgeText(null)).toBe('Offline');
    // The account's zone wins over the device's: 15:02 UTC is 9:02 AM in Chicago (CST).
    const at = Date.UTC(2026, 10, 25, 15, 2);
    expect(formatAsOf(at, at, 'America/Chicago')).toBe('9:02 AM CST');
    expect(formatAsOf(at, at, 'Not/AZone')).toMatch(/^\d{1,2}:02 [AP]M \S+$/);
  });

  it('summarizes the outbox: offline / syncing / N failed / N waiting', () => {
    const item = (status: 'queued' | 'sending' | 'failed') => ({ status }) as never;
    expect(indicatorText(summarize([], true))).toBe('Offline');
    expect(indicatorText(summarize([item('queued'), item('queued')], true))).toBe('Offline · 2 waiting');
    expect(indicatorText(summarize([item('sending'), item('queued')], false))).toBe('Syncing…');
    expect(indicatorText(summarize([item('failed'), item('queued')], false))).toBe('1 failed');
    expect(indicatorText(summarize([item('queued'), item('queued')], false))).toBe('2 waiting');
    expect(summarize([], false).state).toBe('idle');
  });
});

describe('<SyncIndicator/> and the Outbox panel', () => {
  it('is hidden with nothing waiting online, and says so offline', async () => {
    render(<SyncIndicator />);
    expect(screen.queryByTestId('sync-indicator')).toBeNull();
    act(() => markNetworkFailure());
    expect((await screen.findByTestId('sync-indicator')).textContent).toBe('Offline');
  });

  it('lists each item with Retry and a confirmed Discard', async () => {
    const first = await write(1);
    await write(2);
    await db.outbox.update(first, { status: 'failed', attempts: 1, error: 'Notification not found' });
    render(<SyncIndicator />);
    const indicator = await screen.findByTestId('sync-indicator');
    expect(indicator.textContent).toBe('1 failed');
    fireEvent.click(indicator);
    const panel = await screen.findByRole('dialog', { name: 'Outbox' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('Mark notification as read');
    expect(items[0].textContent).toContain('Failed');
    expect(items[0].textContent).toContain('1 attempt');
    expect(items[0].textContent).toContain('Notification not found');
    expect(items[1].textContent).toContain('Waiting to sync');

    fireEvent.click(within(items[0]).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(async () => expect((await db.outbox.get(first))?.status).toBe('queued'));

    fireEvent.click(within(items[1]).getByRole('button', { name: 'Discard' }));
    expect(within(items[1]).getByText('Discard this change? It will not be sent.')).toBeTruthy();
    fireEvent.click(within(items[1]).getByRole('button', { name: 'Keep' }));
    expect(await db.outbox.count()).toBe(2);
    fireEvent.click(within(items[1]).getByRole('button', { name: 'Discard' }));
    fireEvent.click(within(items[1]).getByRole('button', { name: 'Discard' }));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1));
  });
});

describe('markers, prompts and sign-out', () => {
  it('marks a thing with a queued write "Pending sync"', async () => {
    await write(4);
    render(
      <>
        <PendingSyncMarker tag={{ type: 'notification-read', id: 4 }} />
        <PendingSyncMarker tag={{ type: 'notification-read', id: 5 }} />
        <PendingSyncMarker pending={false} />
      </>,
    );
    expect(await screen.findAllByText('Pending sync')).toHaveLength(1);
  });

  it('offers a waiting version and switches only on Reload', async () => {
    const activate = vi.fn();
    render(<UpdatePrompt />);
    expect(screen.queryByText('A new version is available')).toBeNull();
    act(() => offerUpdate(activate));
    expect(screen.getByText('A new version is available')).toBeTruthy();
    expect(activate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it('asks before signing out with unsent changes', async () => {
    const confirm = vi.fn(() => false);
    expect(await confirmSignOutIfPending(confirm)).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
    await write(1);
    await write(2);
    expect(await confirmSignOutIfPending(confirm)).toBe(false);
    expect(confirm).toHaveBeenCalledWith(SIGN_OUT_WARNING(2));
    expect(SIGN_OUT_WARNING(2)).toContain('2 changes waiting to sync');
    expect(await confirmSignOutIfPending(() => true)).toBe(true);
  });
});
