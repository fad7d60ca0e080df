/**
 * The one database instance of the app (and of the service worker, which imports it too).
 * Tests get a fresh in-memory IndexedDB per file (test/unit/setup.ts loads fake-indexeddb).
 */
import { AppDb } from './app-db';

export const db = new AppDb();
