/**
 * Entry point: installs the handlers the lower layers leave to the app (app/install-handlers.ts:
 * session headers and read cache for the api client, toasts, session expiry), restores the
 * session from storage (so the first render already knows who is signed in; /login on a device
 * the session hint says holds none does not wait for it) while the start URL's
 * page chunks load (app/route-preload.ts: the first render shows content, not a spinner), mounts the app with the offline core's layer beside it (update bar, storage and
 * notification-click handling), starts the offline core (outbox sender, live channel, privacy
 * rule) and registers the service worker once the page has loaded (workbox-window off the entry).
 *
 * `./sync/install` is imported first so the browser's install offer is caught even when it comes
 * before React has mounted.
 */
import './sync/install';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { installHandlers } from '@/app/install-handlers';
import { preloadStart } from '@/app/route-preload';
import { emptySession, getSession, mayHaveSession } from '@/db/session';
import { ROUTES } from '@/lib/routes';
import { startSync } from '@/sync/sync-engine';
import { SyncLayer } from '@/sync/ui/sync-layer';

function mount() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App />
      <SyncLayer />
    </StrictMode>,
  );
}

installHandlers();
const sessionRead = getSession();
// The sign-in page on a device that holds no session (the hint says so) renders as soon as its
// chunks are here, without waiting for IndexedDB to open (on a first visit it is being created).
const signedOutLogin = window.location.pathname === ROUTES.login && !mayHaveSession();
const firstScreen = signedOutLogin
  ? preloadStart(Promise.resolve(emptySession()))
  : Promise.all([sessionRead, preloadStart(sessionRead)]);
firstScreen
  .catch((error: unknown) => console.error('Could not read the session', error))
  .finally(() => {
    mount();
    void sessionRead.catch(() => undefined).finally(startSync);
  });
// workbox-window is not needed for the first screen: it loads once the page has.
const registerLater = () =>
  import('@/app/service-worker')
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error: unknown) => console.error('Service worker registration failed', error));
if (document.readyState === 'complete') void registerLater();
else window.addEventListener('load', () => void registerLater(), { once: true });
