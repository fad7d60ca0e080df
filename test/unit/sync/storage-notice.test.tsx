/**
 * The persistent-storage notice (sync/ui/storage-notice.tsx): shown when the browser refuses to
 * keep the app's data, once per device (a later page or sign-in does not repeat it), never when
 * storage is kept or the browser has no such API.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { persistState } from '../../../src/sync/storage';
import { STORAGE_NOTICE_KEY, STORAGE_NOTICE_TITLE, StorageNotice } from '../../../src/sync/ui/storage-notice';

beforeEach(() => {
  localStorage.clear();
  persistState.set('unknown');
});
afterEach(cleanup);

const notice = () => screen.queryByRole('region', { name: STORAGE_NOTICE_TITLE });

describe('StorageNotice', () => {
  it('says it once per device when the browser refuses', async () => {
    render(<StorageNotice />);
    expect(notice()).toBeNull();
    act(() => persistState.set('refused'));
    expect(await screen.findByRole('region', { name: STORAGE_NOTICE_TITLE })).toBeTruthy();
    expect(screen.getByText(/Installing the app keeps it/)).toBeTruthy();
    expect(localStorage.getItem(STORAGE_NOTICE_KEY)).toBe('said');
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(notice()).toBeNull();

    // The next page on this device: refused again, not said again.
    cleanup();
    render(<StorageNotice />);
    expect(notice()).toBeNull();
  });

  it('says nothing when storage is kept or the browser cannot be asked', () => {
    render(<StorageNotice />);
    act(() => persistState.set('persisted'));
    expect(notice()).toBeNull();
    act(() => persistState.set('unsupported'));
    expect(notice()).toBeNull();
    expect(localStorage.getItem(STORAGE_NOTICE_KEY)).toBeNull();
  });
});
