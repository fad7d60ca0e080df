/**
 * Connects the api client to the device (its registration points, api/client-hooks.ts): who is
 * calling (the session store's mirror, as headers built at send time), the read cache of
 * response-cache.ts, and what answers say about the connection (connectivity.ts) and the age of
 * the data on screen (freshness.ts). main.tsx runs `linkApiToDevice()` once, before anything calls
 * the api; without it the client is anonymous and uncached.
 */
import { type ReadRequest, setCaller, setNetworkObserver, setReadCache } from '@/api/client-hooks';
import { peekSession } from '@/db/session';
import { markNetworkFailure, markNetworkSuccess } from './connectivity';
import { noteFresh, noteServedFromCache } from './freshness';
import { apiUrl, bodyText, isCachedRead, readResponse, requestKey, storeResponse } from './response-cache';
import { sessionHeaders } from './session-headers';
import { rememberChecked } from './stored-read';

const pathOnly = (path: string) => path.split('?')[0];

function slot(read: ReadRequest) {
  const url = apiUrl(read.path, read.query);
  const body = bodyText(read.body);
  return { userId: read.userId, method: read.method, url, body };
}

export function linkApiToDevice(): void {
  setCaller(() => {
    const session = peekSession();
    return { headers: sessionHeaders(session), token: session.token, userId: session.user_id };
  });
  setReadCache({
    keeps: (read) => isCachedRead(read.method, pathOnly(read.path)),
    store: async (read, data) => {
      const storedAt = Date.now();
      return (await storeResponse({ ...slot(read), data }, storedAt)) ? storedAt : null;
    },
    read: async (read) => {
      const { userId, method, url, body } = slot(read);
      const stored = await readResponse(requestKey(userId, method, url, body));
      return stored ? { data: stored.data, storedAt: stored.stored_at } : null;
    },
    checked: (read, storedAt, struct, value) => {
      const { userId, method, url, body } = slot(read);
      rememberChecked(struct, requestKey(userId, method, url, body), storedAt, value);
    },
  });
  setNetworkObserver({
    answered: markNetworkSuccess,
    unanswered: markNetworkFailure,
    fresh: noteFresh,
    servedFromDevice: noteServedFromCache,
  });
}
