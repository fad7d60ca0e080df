/**
 * Installing the app: the browser's install offer (`beforeinstallprompt`) is kept from the moment
 * the page loads (imported by main.tsx, before React mounts) until the user takes it, so the
 * "Install app" entry appears only when the browser would install.
 */
import { useSyncExternalStore } from 'react';
import { createStore } from '../lib/store';

type InstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

/** The browser's install offer, kept until taken (or the app is installed another way). */
const offer = createStore<InstallPromptEvent | null>(null);

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer.set(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => offer.set(null));
}

export const canInstall = () => offer.get() !== null;

/** Shows the browser's install dialog. Answers whether the user installed. */
export async function promptInstall(): Promise<boolean> {
  const event = offer.get();
  if (!event) return false;
  offer.set(null);
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

export function useCanInstall(): boolean {
  return useSyncExternalStore(offer.subscribe, canInstall, () => false);
}
