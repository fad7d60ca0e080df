/**
 * The worker's read route: `GET /api/v1/*` and the POST list reads, network-first.
 *
 * - The network gets READ_TIMEOUT_MS; a 2xx JSON answer is stored in Dexie (response-cache.ts,
 *   keyed by the X-User-Id the page sent, the URL and the body) and passed on marked 'network'.
 * - No answer in time, no answer at all, or a 5xx: the stored answer, marked 'cache' with its
 *   stored time; nothing stored: a 503 marked offline, which the client turns into
 *   "You're offline and this page hasn't been opened on this device yet" (after a mere timeout it
 *   keeps waiting for the network instead). A late network answer is still stored (waitUntil).
 * - Event streams, writes and anything else are not touched: they never reach this route.
 */
/// <reference lib="webworker" />
import { CACHE_HEADER, CACHE_MODE_HEADER, OFFLINE_HEADER, STORED_AT_HEADER } from '../src/lib/sw-protocol';
import {
  apiPath,
  bodyText,
  isCachedRead,
  NOT_CACHED_MESSAGE,
  READ_TIMEOUT_MS,
  readResponse,
  requestKey,
  storeResponse,
} from '../src/sync/response-cache';

type Slot = { userId: number; method: string; url: string; body: string };

function marked(body: BodyInit | null, init: ResponseInit, extra: Record<string, string>): Response {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(body, { ...init, headers });
}

function offlineAnswer(): Response {
  return marked(
    JSON.stringify({ errors: NOT_CACHED_MESSAGE }),
    { status: 503 },
    {
      'Content-Type': 'application/json',
      [OFFLINE_HEADER]: '1',
    },
  );
}

/** Fetches, stores a JSON 2xx and answers it marked 'network'; undefined when no answer came. */
async function fetchAndStore(request: Request, slot: Slot): Promise<Response | undefined> {
  let response: Response;
  try {
    response = await fetch(request);
  } catch {
    return undefined;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('application/json')) return response;
  const text = await response.text();
  const storedAt = Date.now();
  let stored = false;
  try {
    stored = await storeResponse({ ...slot, data: JSON.parse(text) }, storedAt);
  } catch (error) {
    console.warn('Response not stored', error);
  }
  const { status, statusText, headers } = response;
  // When it was stored: the page that checks this answer knows it as that copy's (api/client.ts).
  const marks: Record<string, string> = { [CACHE_HEADER]: 'network' };
  if (stored) marks[STORED_AT_HEADER] = String(storedAt);
  return marked(text, { status, statusText, headers }, marks);
}

async function networkFirst(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const userId = Number(request.headers.get('X-User-Id'));
  if (!Number.isInteger(userId) || userId <= 0) return fetch(request);
  const body = request.method === 'POST' ? bodyText(await request.clone().text()) : '';
  const slot: Slot = { userId, method: request.method, url: request.url, body };
  const network = fetchAndStore(request, slot);
  event.waitUntil(network.then(() => undefined));
  if (request.headers.get(CACHE_MODE_HEADER) === 'network-only') return (await network) ?? offlineAnswer();

  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READ_TIMEOUT_MS);
  });
  const first = await Promise.race([network, timeout]);
  clearTimeout(timer);
  if (first instanceof Response && first.status < 500) return first;

  const stored = await readResponse(requestKey(userId, request.method, request.url, body));
  if (stored) {
    return marked(
      JSON.stringify(stored.data),
      { status: 200 },
      {
        'Content-Type': 'application/json',
        [CACHE_HEADER]: 'cache',
        [STORED_AT_HEADER]: String(stored.stored_at),
      },
    );
  }
  if (first === 'timeout') return (await network) ?? offlineAnswer();
  return first ?? offlineAnswer();
}

/** Answers the request when it is a cached read; false when it is not this route's. */
export function handleApiRead(event: FetchEvent): boolean {
  const { request } = event;
  const path = apiPath(request.url);
  if (path === null || new URL(request.url).origin !== self.location.origin) return false;
  if ((request.headers.get('Accept') ?? '').includes('text/event-stream')) return false;
  if (!isCachedRead(request.method, path)) return false;
  event.respondWith(networkFirst(event));
  return true;
}
