/**
 * What the offline core shows outside any screen, mounted once next to <App/> by main.tsx: the
 * update bar, the one-time notice that the browser refused persistent storage (storage-notice.tsx),
 * the storage-full message (from this page or the service worker), following the worker's "open
 * this page" after a system notification is clicked, and "N changes sent" once changes that had to
 * wait have reached the server (delivery-confirmation.ts), and the record of what was sent today
 * that the Outbox panel lists (outbox-history.ts).
 */
import { useEffect } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { readMessage } from '../../lib/sw-protocol';
import { toastError } from '../../ui/toast';
import { onStorageFull, STORAGE_FULL_MESSAGE } from '../storage';
import { listenForNavigation } from '../system-notifications';
import { useDeliveryConfirmation } from './delivery-confirmation';
import { recordOutboxHistory } from './outbox-history';
import { StorageNotice } from './storage-notice';
import { UpdatePrompt } from './update-prompt';
import { useOutboxHistory } from './use-outbox-history';

const showStorageFull = () => toastError('Storage full', STORAGE_FULL_MESSAGE);

export function SyncLayer() {
  useDeliveryConfirmation();
  useOutboxHistory();
  useEffect(() => {
    const stopHistory = recordOutboxHistory();
    const stopStorage = onStorageFull(showStorageFull);
    const stopNavigation = listenForNavigation((url) => navigate(url));
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      if (readMessage(event.data)?.type === 'STORAGE_FULL') showStorageFull();
    };
    container?.addEventListener('message', onMessage);
    return () => {
      stopHistory();
      stopStorage();
      stopNavigation();
      container?.removeEventListener('message', onMessage);
    };
  }, []);
  return (
    <>
      <StorageNotice />
      <UpdatePrompt />
    </>
  );
}
