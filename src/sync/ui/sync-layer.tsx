/**
 * What the offline core shows outside any screen, mounted once next to <App/> by main.tsx: the
 * update bar, the one-time notice that the browser refused persistent storage (storage-notice.tsx),
 * the storage-full message (from this page or the service worker), "N changes sent" once changes
 * that had to wait have reached the server (delivery-confirmation.ts), and the record of what was
 * sent today that the Outbox panel lists (outbox-history.ts). A notification click's "open this
 * page" is followed from the entry instead (app/worker-navigation.ts).
 */
import { useEffect } from 'react';
import { readMessage } from '../../lib/sw-protocol';
import { toastError } from '../../ui/toast';
import { onStorageFull, STORAGE_FULL_MESSAGE } from '../storage';
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
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      if (readMessage(event.data)?.type === 'STORAGE_FULL') showStorageFull();
    };
    container?.addEventListener('message', onMessage);
    return () => {
      stopHistory();
      stopStorage();
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
