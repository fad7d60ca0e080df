/**
 * Follows the service worker's "open this page" (a click on a system notification while a window
 * of the app is open: sw/push.ts focuses it and tells it where to go, so nothing typed there is
 * lost). Listened for from the entry (main.tsx), before the page has finished loading: the
 * browser hands a page the worker's messages once its document is parsed, and one that no listener
 * is there to take is gone (a click just after the window opened did nothing when this waited for
 * the offline core's layer).
 */
import { navigate } from 'wouter/use-browser-location';
import { readMessage } from '../lib/sw-protocol';

export function followWorkerNavigation(): void {
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    const message = readMessage(event.data);
    if (message?.type === 'NAVIGATE') navigate(message.url);
  });
}
