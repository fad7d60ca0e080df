/**
 * A signed-in reload's first reads, sent by the start script inlined in index.html
 * (app/early-reads-script.ts) while the page's scripts are still downloading: the api client
 * takes their answers (`earlyFetch`) instead of asking again.
 *
 * - Taken once, by a request of the same URL and the same headers within TAKE_WITHIN_MS of the
 *   early read's start; a request that differs in anything (another caller, `cache: network-only`,
 *   a body) asks the network itself. The answer then passes through the client exactly as its own
 *   fetch's would (checked, stored, the service worker's headers read); a caller that gives up
 *   (a timeout, a closed screen) gets its abort as from its own fetch.
 */

/** An early read: what the start script sent, and when; `taken` once a request has had its answer. */
export type EarlyRead = {
  url: string;
  headers: Record<string, string>;
  started: number;
  response: Promise<Response>;
  taken: boolean;
};

/** Where the start script leaves its reads for the client. */
export const EARLY_READS = '__portalEarlyReads';
/** How long an early read may be taken after it started (sync/read-ahead.ts keeps answers as long). */
export const TAKE_WITHIN_MS = 10_000;

type WithEarlyReads = { [EARLY_READS]?: EarlyRead[] };

/** The reads the start script left, to take from. */
export const earlyReads = (): EarlyRead[] | undefined => (globalThis as WithEarlyReads)[EARLY_READS];

/** A URL's path and sorted query, the form the start script sends (sync/response-cache.ts canonicalUrl). */
function pathAndQuery(url: string): string {
  const parsed = new URL(url, 'http://local');
  parsed.searchParams.sort();
  const query = parsed.searchParams.toString();
  return `${parsed.pathname}${query ? `?${query}` : ''}`;
}

function sameHeaders(sent: Record<string, string>, asked: Headers): boolean {
  const own = Object.entries(sent);
  return own.length === [...asked.keys()].length && own.every(([name, value]) => asked.get(name) === value);
}

function abortable(response: Promise<Response>, signal: AbortSignal | null | undefined): Promise<Response> {
  if (!signal) return response;
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** Whether the start script sent a read of this URL that no request has taken yet. */
export function sentEarly(url: string, now = Date.now()): boolean {
  const target = pathAndQuery(url);
  return (earlyReads() ?? []).some(
    (read) => !read.taken && read.url === target && now - read.started <= TAKE_WITHIN_MS,
  );
}

/** The answer of an early read of this request, taken (once), or null. */
export function takeEarlyRead(
  url: string,
  init: RequestInit = {},
  now = Date.now(),
): Promise<Response> | null {
  const reads = earlyReads();
  if (!reads?.length || (init.method ?? 'GET').toUpperCase() !== 'GET' || init.body != null) return null;
  const target = pathAndQuery(url);
  const headers = new Headers(init.headers);
  const read = reads.find(
    (each) =>
      !each.taken &&
      each.url === target &&
      now - each.started <= TAKE_WITHIN_MS &&
      sameHeaders(each.headers, headers),
  );
  if (!read) return null;
  read.taken = true;
  return abortable(read.response, init.signal);
}

/** The api client's fetch: an early read's answer when there is one for this request, else fetch. */
export const earlyFetch: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return takeEarlyRead(url, init) ?? globalThis.fetch(input, init);
};
