/**
 * Whether the storage notice (storage-notice.tsx) is on screen now, apart from the notice itself
 * so that an overlay waiting for it (the packout ad at sign-in) does not load its code and styles.
 * One overlay at a time: the other waits while this is true.
 */
import { useSyncExternalStore } from 'react';
import { createStore } from '../../lib/store';

export const storageNoticeShowing = createStore(false);

export const useStorageNoticeShowing = () =>
  useSyncExternalStore(storageNoticeShowing.subscribe, storageNoticeShowing.get);
