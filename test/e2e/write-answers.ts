/**
 * The server's answers to a browser context's writes, one per write, whether the write went alone
 * or inside the outbox's batch (POST /api/v1/outbox/batch, src/api/contracts/batch.ts: each item's
 * method, path, key, status and `replayed` come from the batch's request and answer). A write the
 * batch did not send (status null) is not an answer: `onNotSent` hears of it (it goes again later).
 */
import type { BrowserContext } from 'playwright-core';

export type WriteAnswer = {
  method: string;
  /** The path under the origin, without its query: `/api/v1/leads/12/review`. */
  path: string;
  key: string;
  status: number;
  /** The stored answer of a write already applied under its key. */
  replayed: boolean;
};

const BATCH = '/api/v1/outbox/batch';

type Item = { method: string; path: string; idempotency_key: string };
type Result = { status: number | null; replayed: boolean };

/** Calls `onAnswer` for each write answered in `context` (reads are left out). */
export function watchWriteAnswers(
  context: BrowserContext,
  onAnswer: (answer: WriteAnswer) => void,
  onNotSent?: (write: Pick<WriteAnswer, 'method' | 'path' | 'key'>) => void,
): void {
  context.on('response', async (response) => {
    const request = response.request();
    if (request.method() === 'GET' || request.method() === 'HEAD') return;
    const path = new URL(request.url()).pathname;
    if (!path.startsWith('/api/v1/')) return;
    if (path !== BATCH) {
      onAnswer({
        method: request.method(),
        path,
        key: request.headers()['idempotency-key'] ?? '',
        status: response.status(),
        replayed: response.headers()['idempotent-replayed'] === 'true',
      });
      return;
    }
    let items: Item[];
    let results: Result[];
    try {
      items = (JSON.parse(request.postData() ?? '{}') as { items: Item[] }).items;
      results = ((await response.json()) as { results: Result[] }).results;
    } catch {
      return; // no answer to read (the page went away, the connection dropped)
    }
    items.forEach((item, index) => {
      const result = results[index];
      const write = {
        method: item.method,
        path: `/api/v1${item.path.split('?')[0]}`,
        key: item.idempotency_key,
      };
      if (!result || result.status === null) onNotSent?.(write);
      else onAnswer({ ...write, status: result.status, replayed: result.replayed });
    });
  });
}
