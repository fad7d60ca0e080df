/**
 * Installing the app: the browser's install offer (`beforeinstallprompt`) is kept from the moment
 * the page loads (imported by main.tsx, before React mounts) until the user takes it, so the
 * "Install app" entry appears only when the browser would install.
 */
import { useSyncExternalStore } from 'react';

type InstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function publish() {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as InstallPromptEvent;
    publish();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    publish();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const canInstall = () => offer !== null;

/** Shows the browser's install dialog. Answers whether the user installed. */
export async function promptInstall(): Promise<boolean> {
  const event = offer;
  if (!event) return false;
  offer = null;
  publish();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

export function useCanInstall(): boolean {
  return useSyncExternalStore(subscribe, canInstall, () => false);
}
