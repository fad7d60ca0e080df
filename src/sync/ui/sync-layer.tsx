/**
 * What the offline core shows outside any screen, mounted once next to <App/> by main.tsx: the
 * update bar, the one-time notice that the browser refused persistent storage (storage-notice.tsx),
 * the storage-full message (from this page or the service worker), "N changes sent" once changes
 * that had to wait have reached the server (delivery-confirmation.ts), and the record of what was
 * sent today that the Outbox panel lists (outbox-history.ts); and it starts keeping on the device
 * what the areas name for whoever signs in (prefetch-signed-in.ts: every unpaid invoice and its
 * PDF). A notification click's "open this
 * page" is followed from the entry instead (app/worker-navigation.ts). `onReady` tells main.tsx
 * that both watch the outbox, so the sync engine may start sending.
 */
import { useEffect } from 'react';
import { readMessage } from '../../lib/sw-protocol';
import { toastError } from '../../ui/toast';
import { startKeeping } from '../prefetch-signed-in';
import { onStorageFull, STORAGE_FULL_MESSAGE } from '../storage';
import { useDeliveryConfirmation } from './delivery-confirmation';
import { recordOutboxHistory } from './outbox-history';
import { StorageNotice } from './storage-notice';
import { UpdatePrompt } from './update-prompt';
import { useOutboxHistory } from './use-outbox-history';

const showStorageFull = () => toastError('Storage full', STORAGE_FULL_MESSAGE);

/** `onReady`: called once the outbox has been seen and the sent record is being kept. */
export function SyncLayer({ onReady }: { onReady?: () => void }) {
  const seen = useDeliveryConfirmation();
  useOutboxHistory();
  useEffect(() => {
    const stopHistory = recordOutboxHistory();
    const stopStorage = onStorageFull(showStorageFull);
    const stopKeeping = startKeeping();
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      if (readMessage(event.data)?.type === 'STORAGE_FULL') showStorageFull();
    };
    container?.addEventListener('message', onMessage);
    return () => {
      stopHistory();
      stopStorage();
      stopKeeping();
      container?.removeEventListener('message', onMessage);
    };
  }, []);
  // After the effect above (the sent record is kept from now on).
  useEffect(() => {
    if (seen) onReady?.();
  }, [seen, onReady]);
  return (
    <>
      <StorageNotice />
      <UpdatePrompt />
    </>
  );
}
