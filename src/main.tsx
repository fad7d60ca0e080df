/**
 * Entry point: restores the session from storage (so the first render already knows who is signed
 * in) while the start URL's page chunks load (app/route-preload.ts: the first render shows
 * content, not a spinner), mounts the app, and loads the offline core beside it: the handlers the
 * lower layers leave to the app (app/install-handlers.ts: session headers and read cache for the
 * api client, session expiry, live effects), the sync engine (outbox sender, live channel,
 * privacy rule) and its layer (update bar, storage notices). A notification click's "open this
 * page" is followed from here, before anything loads (app/worker-navigation.ts). The service
 * worker is registered, and the web app manifest linked, once the first screen is painted and the
 * page is idle (workbox-window off the entry).
 *
 * The sign-in page on a device the session hint says holds no session is the first screen of a
 * first visit, so it renders with the least: no session read, no Dexie, no offline core. The core
 * (and Dexie with it) loads in the frame after the form is painted (or on the first sign of use,
 * if sooner), so it is here before the visitor has typed: the dashboard's chunks need it too, and
 * signing in should not wait for both. A request made before then loads it, and waits for it
 * unless anonymous (api/client-hooks.ts `pendingLink`). Everywhere else the core loads at once,
 * alongside the session read.
 *
 * Notices are shown as toasts from the start, so nothing raised before the core loads is lost.
 * `./sync/install` is imported first so the browser's install offer is caught even when it comes
 * before React has mounted.
 */
import './sync/install';
import './styles.css';
import { lazy, StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { setPendingLink } from '@/api/client-hooks';
import { afterFirstPaint } from '@/app/after-paint';
import { App, preloadApp } from '@/app/app';
import { preloadStart } from '@/app/route-preload';
import { followWorkerNavigation } from '@/app/worker-navigation';
import { emptySession, getSession, mayHaveSession, peekSession, type Session } from '@/db/session';
import { setNoticeHandler } from '@/lib/notices';
import { afterScreenReads } from '@/lib/reads-in-flight';
import { ROUTES } from '@/lib/routes';
import { showToast } from '@/ui/toast';

setNoticeHandler((notice) => showToast(notice.kind, notice.header, notice.body));
followWorkerNavigation();

let sessionRead: Promise<Session> | undefined;
const readSession = () => {
  sessionRead ??= getSession();
  return sessionRead;
};

/**
 * The sync layer watches the outbox (the "N changes sent" tracker, the sent record): the engine
 * sends only then, so a change delivered at once after a restart is still announced. At most
 * LAYER_WAIT_MS: a layer that never loads does not keep changes from being sent.
 */
const LAYER_WAIT_MS = 5000;
let layerReady: () => void = () => undefined;
const layerWatching = new Promise<void>((resolve) => {
  layerReady = resolve;
  setTimeout(resolve, LAYER_WAIT_MS);
});

let coreLoad: Promise<void> | undefined;
let coreLoaded: () => void = () => undefined;
const coreReady = new Promise<void>((resolve) => {
  coreLoaded = resolve;
});

/**
 * Loads the offline core once; resolves when the api client's link is installed (never rejects).
 * The link does not wait for the sync engine, which starts once it is here, the stored session is
 * read (its user's outbox, the privacy rule) and the first screen is painted, after the live
 * effects are registered.
 */
function loadCore(): Promise<void> {
  coreLoad ??= (() => {
    const engine = import('@/sync/sync-engine');
    engine.catch(() => undefined); // reported when it is used
    return import('@/app/install-handlers').then((handlers) => {
      handlers.installHandlers();
      setPendingLink(null);
      coreLoaded();
      // After the first screen is painted and the page is idle: the live channel's request, the
      // outbox's first flush and their handling never hold that paint back. Not after the
      // screen's reads as well: a device's first live connection starts from "now", and a message
      // sent before it (a new lead just after the screen loaded) would not reach the screen.
      const painted = new Promise<void>((resolve) => afterFirstPaint(resolve, { idle: true }));
      void Promise.all([engine, readSession().catch(() => undefined), painted])
        .then(([sync]) => sync.startSync(layerWatching))
        .catch((error: unknown) => console.error('Could not start the sync engine', error));
    });
  })().catch((error: unknown) => {
    console.error('Could not load the offline core', error);
    coreLoad = undefined; // the next request or sign of use tries again
  });
  return coreLoad;
}

/**
 * A request made before the core is here starts loading it, and waits for it when the session says
 * who is calling (its headers, its cached reads). Nobody signed in and no registration under way,
 * the request is anonymous with or without the link, so a sign-in goes out at once.
 */
setPendingLink(() => {
  const load = loadCore();
  const session = peekSession();
  const someone = session.token !== null || session.user_id !== null || session['reg-token'] !== null;
  return someone ? load : Promise.resolve();
});

/** The offline core's layer renders once the core is here (never before the first screen). */
const SyncLayer = lazy(() =>
  coreReady.then(() => import('@/sync/ui/sync-layer')).then((module) => ({ default: module.SyncLayer })),
);

/**
 * With `sliced`, the first render is a transition: React renders it in slices of a few
 * milliseconds and yields between them, so a phone's main thread is never held for a whole
 * screen's first render in one long task. The sign-in form is small and first-visit-critical: it
 * renders at once, and the offline core loads only once it is painted.
 */
function mount(sliced: boolean) {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  const reactRoot = createRoot(root);
  const render = () =>
    reactRoot.render(
      <StrictMode>
        <App />
        <Suspense fallback={null}>
          <SyncLayer onReady={layerReady} />
        </Suspense>
      </StrictMode>,
    );
  if (sliced) startTransition(render);
  else render();
}

/** The first sign of use (a key, a tap, typing), or the frame after the first paint. */
function whenUsedOrPainted(task: () => void) {
  const events = ['pointerdown', 'keydown', 'input'] as const;
  let done = false;
  const run = () => {
    for (const event of events) document.removeEventListener(event, run, true);
    if (!done) task();
    done = true;
  };
  for (const event of events) document.addEventListener(event, run, true);
  afterFirstPaint(run);
}

// workbox-window is not needed for the first screen: it loads once that is painted.
const registerLater = () =>
  import('@/app/service-worker')
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error: unknown) => console.error('Service worker registration failed', error));

/** The web app manifest, left out of index.html (vite.config.ts) so its fetches wait for this. */
function linkManifest() {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  document.head.append(link);
}

/**
 * Mounts the app; once the first screen is painted and its reads have answered, links the manifest
 * and registers the worker (whose precache would otherwise share the connection with those reads).
 */
function start(sliced: boolean) {
  mount(sliced);
  afterFirstPaint(
    () =>
      afterScreenReads(() => {
        linkManifest();
        void registerLater();
      }),
    { idle: true },
  );
}

// The sign-in page on a device that holds no session (the hint says so) renders as soon as its
// chunks are here, without waiting for IndexedDB to open (on a first visit it is being created).
// The stored session, read with the core, still wins if there is one (the guard then moves on).
const signedOutLogin = window.location.pathname === ROUTES.login && !mayHaveSession();
if (signedOutLogin) {
  void preloadStart(Promise.resolve(emptySession())).finally(() => {
    start(false);
    whenUsedOrPainted(() => void loadCore());
  });
} else {
  void loadCore();
  const session = readSession();
  Promise.all([session.then(preloadApp), preloadStart(session)])
    .catch((error: unknown) => console.error('Could not read the session', error))
    .finally(() => start(true));
}
