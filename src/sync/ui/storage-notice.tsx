/**
 * Told once per device: the browser refused to keep this app's data (storage.ts persistState), so
 * what is saved here for offline use may be cleared when the device runs low on space, unless the
 * app is installed; with how to install it (the browser's own install dialog when it offers one).
 *
 * - "Once" is per device (the device key STORAGE_NOTICE_KEY, set when the notice is first shown),
 *   not per user or per page: a reload or the next sign-in does not repeat it.
 * - Not shown where the app already runs installed (display-mode standalone).
 * - One overlay at a time: while it shows, storage-notice-state.ts says so, and an overlay
 *   that would open over it (the packout ad at sign-in) waits until it is closed.
 */
import './sync.css';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { type DeviceKey, readDeviceItem, writeDeviceItem } from '../../lib/device-storage';
import { promptInstall, useCanInstall } from '../install';
import { persistState } from '../storage';
import { storageNoticeShowing } from './storage-notice-state';

export const STORAGE_NOTICE_KEY: DeviceKey = 'portal:storage-notice';
export const STORAGE_NOTICE_TITLE = 'Offline data on this device may be cleared';
export const STORAGE_NOTICE_TEXT =
  'Your browser has not agreed to keep what this app saves here for offline use (leads, invoices, changes waiting to be sent), so it may delete it when the device runs low on space. Installing the app keeps it.';
export const INSTALL_HOW =
  "To install: choose Install app at the top of the screen or in your browser's menu. On an iPhone or iPad: tap Share, then Add to Home Screen.";

const said = () => readDeviceItem(STORAGE_NOTICE_KEY) === 'said';

const installed = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;

export function StorageNotice() {
  const state = useSyncExternalStore(persistState.subscribe, persistState.get, () => 'unknown' as const);
  const canInstall = useCanInstall();
  // Decided once, when the refusal arrives: shown now, or never on this device again.
  const [showing, setShowing] = useState(false);
  useEffect(() => {
    if (state !== 'refused' || said() || installed()) return;
    // Storage unavailable: shown on this page; it may be said again next time.
    writeDeviceItem(STORAGE_NOTICE_KEY, 'said');
    setShowing(true);
  }, [state]);
  useEffect(() => {
    storageNoticeShowing.set(showing);
    return () => storageNoticeShowing.set(false);
  }, [showing]);
  if (!showing) return null;
  return (
    <section className="storage-notice" aria-labelledby="storage-notice-title">
      <h2 id="storage-notice-title" className="storage-notice__title">
        {STORAGE_NOTICE_TITLE}
      </h2>
      <p>{STORAGE_NOTICE_TEXT}</p>
      <p>{INSTALL_HOW}</p>
      <div className="storage-notice__actions">
        {canInstall ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void promptInstall().then((done) => done && setShowing(false))}
          >
            Install app
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={() => setShowing(false)}>
          Got it
        </button>
      </div>
    </section>
  );
}
