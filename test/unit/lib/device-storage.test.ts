/**
 * Web Storage through one module (issue 29, item 9): user keys carry the user id, the device's
 * own keys survive, and clearing removes everything else from localStorage and sessionStorage
 * (an older build's `perf:*` and `portal:time-zone:*` keys included). No other module of the app
 * or its service worker touches Web Storage directly, so nothing can be written that sign-out
 * does not know how to remove.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  canStore,
  clearUserStorage,
  readDeviceItem,
  readUserItem,
  writeDeviceItem,
  writeUserItem,
} from '../../../src/lib/device-storage';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const keys = (store: Storage) => Array.from({ length: store.length }, (_, i) => store.key(i)).sort();

describe('device storage', () => {
  it("keeps a user's items apart from another user's", () => {
    writeUserItem(7, 'time-zone', 'America/Chicago');
    writeUserItem(8, 'time-zone', 'America/Denver');
    expect(readUserItem(7, 'time-zone')).toBe('America/Chicago');
    expect(readUserItem(8, 'time-zone')).toBe('America/Denver');
    expect(readUserItem(9, 'time-zone')).toBeNull();
    expect(localStorage.getItem('portal:user:7:time-zone')).toBe('America/Chicago');
  });

  it("removes every key but the device's own, from both storages", () => {
    writeDeviceItem('portal:session', '1');
    writeDeviceItem('portal-push', 'on');
    writeUserItem(7, 'time-zone', 'America/Chicago');
    writeUserItem(7, 'perf:locations:franchise', '{"known":["A-1"],"selected":["A-1"]}');
    // What older builds wrote, and what anything else might.
    localStorage.setItem('portal:time-zone:7', 'America/Chicago');
    localStorage.setItem('perf:last-loaded:search', '{}');
    localStorage.setItem('perf:locations:local', '{}');
    localStorage.setItem('something-else', 'x');
    sessionStorage.setItem('portal:user:7:draft', 'x');
    sessionStorage.setItem('other', 'x');
    clearUserStorage();
    expect(keys(localStorage)).toEqual(['portal-push', 'portal:session']);
    expect(keys(sessionStorage)).toEqual([]);
    expect(readDeviceItem('portal-push')).toBe('on');
  });

  it("keeps the signed-in user's keys when asked (a different user signed in)", () => {
    writeUserItem(7, 'time-zone', 'America/Chicago');
    writeUserItem(8, 'time-zone', 'America/Denver');
    writeUserItem(70, 'time-zone', 'America/Phoenix');
    localStorage.setItem('perf:locations:local', '{}');
    clearUserStorage(7);
    expect(keys(localStorage)).toEqual(['portal:user:7:time-zone']);
  });

  it('removes a device key given null, and says whether storage answers', () => {
    writeDeviceItem('portal:session', '1');
    writeDeviceItem('portal:session', null);
    expect(readDeviceItem('portal:session')).toBeNull();
    expect(canStore()).toBe(true);
  });
});

describe('who touches Web Storage', () => {
  const root = resolve(import.meta.dirname, '../../..');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
    });

  it('is lib/device-storage.ts alone, in the app and in the service worker', () => {
    const touching = [...files(join(root, 'src')), ...files(join(root, 'sw'))]
      .filter((path) => /\b(localStorage|sessionStorage)\b/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(root, path));
    expect(touching).toEqual(['src/lib/device-storage.ts']);
  });
});
