/**
 * What a list asks the prefetcher (prefetch.ts) to keep: an item's read, keyed exactly as the
 * drawer's useCachedRead(struct, path, options) keys it, with the reads and files that depend on its
 * answer; or a file (a PDF, a recording) with the item's own time.
 */
import type { Struct } from 'superstruct';
import { type FileKind, fileKey } from './prefetch-files';
import { apiUrl, bodyText } from './response-cache';
import type { ReadOptions } from './use-cached-read';

type Query = ReadOptions['query'];
export type PrefetchRead = {
  kind: 'read';
  struct: Struct<unknown, unknown>;
  path: string;
  method: 'GET' | 'POST';
  body?: ReadOptions['body'];
  query?: Query;
  /** Reads and files that depend on this answer (tabs the detail says are shown, its recording). */
  followUps?: (data: unknown) => PrefetchItem[];
};
export type PrefetchFile = { kind: 'file'; url: string; file: FileKind; at: number };
export type PrefetchItem = PrefetchRead | PrefetchFile;

/** An item's read, keyed as useCachedRead(struct, path, options) keys it. */
export function prefetchRead<T, S>(
  struct: Struct<T, S>,
  path: string,
  options: Pick<ReadOptions, 'method' | 'body' | 'query'> = {},
  followUps?: (data: T) => PrefetchItem[],
): PrefetchItem {
  return {
    kind: 'read',
    struct: struct as Struct<unknown, unknown>,
    path,
    method: options.method ?? 'GET',
    body: options.body,
    query: options.query,
    followUps: followUps as PrefetchRead['followUps'],
  };
}

/** A file kept for offline use; `at` is the item's own time (recordings: the newest leads' are kept). */
export const prefetchFile = (url: string, file: FileKind, at: number): PrefetchItem => ({
  kind: 'file',
  url,
  file,
  at,
});

export function slot(item: PrefetchRead) {
  return { method: item.method, url: apiUrl(item.path, item.query), body: bodyText(item.body) };
}

export const itemId = (item: PrefetchItem) => {
  if (item.kind === 'file') return `file ${fileKey(item.url)}`;
  const { method, url, body } = slot(item);
  return `read ${method} ${url} ${body}`;
};
