import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import {
  clearSession,
  emptySession,
  getSession,
  mayHaveSession,
  peekSession,
  restoreSession,
  setSession,
  subscribeSession,
} from '../../../src/db/session';

const user = {
  first_name: 'Maria',
  last_name: 'Alvarez',
  email: 'owner@demo.test',
  job_title: 'Owner',
  business_name: 'Alvarez HVAC',
  platforms: [{ platform: 'live' as const }],
};

beforeEach(async () => {
  await clearSession();
});

describe('session store', () => {
  it('stores, reads back and clears the session', async () => {
    await setSession({
      token: 'tok',
      user_id: 7,
      user,
      tabs: [{ name: 'Overview', url: '/dashboard/overview' }],
    });
    expect(peekSession().token).toBe('tok');

    const stored = await db.session.toArray();
    expect(stored.map((row) => row.key).sort()).toEqual(['tabs', 'token', 'user', 'user_id']);

    const read = await getSession();
    expect(read).toMatchObject({
      token: 'tok',
      user_id: 7,
      user,
      impersonate_id: null,
      'add-account': false,
    });

    await clearSession();
    expect(peekSession()).toEqual(emptySession());
    expect(await db.session.count()).toBe(0);
    expect(await getSession()).toEqual(emptySession());
  });

  it('updates the mirror before the write lands', async () => {
    const pending = setSession({ token: 'fast', user_id: 1 });
    expect(peekSession().token).toBe('fast');
    await pending;
  });

  it('refuses to store a malformed value', async () => {
    await expect(setSession({ user_id: 'seven' as unknown as number })).rejects.toThrow(/user_id/);
    expect(peekSession().user_id).toBeNull();
  });

  it('restores garbage in storage with defaults', async () => {
    await db.session.bulkPut([
      { key: 'token', value: 'tok' },
      { key: 'user_id', value: 12 },
      { key: 'user', value: { first_name: 42 } },
      { key: 'tabs', value: 'not a list' },
      { key: 'custom-signup', value: 'yes' },
      { key: 'ms_id', value: 'MS-1' },
      { key: 'something-else', value: 1 },
    ]);
    const session = await getSession();
    expect(session).toEqual({ ...emptySession(), token: 'tok', user_id: 12, ms_id: 'MS-1' });
  });

  it('drops a token that has no user id', () => {
    const session = restoreSession([
      { key: 'token', value: 'tok' },
      { key: 'user', value: user },
      { key: 'reg-token', value: 'reg' },
    ]);
    expect(session.token).toBeNull();
    expect(session.user).toBeNull();
    expect(session['reg-token']).toBe('reg');
  });

  it('picks up changes written by another tab while subscribed', async () => {
    await setSession({ token: 'tok', user_id: 3 });
    let calls = 0;
    const unsubscribe = subscribeSession(() => {
      calls += 1;
    });
    // Another tab signs out: the rows disappear without this tab's store knowing.
    await db.session.clear();
    await expect.poll(() => peekSession().token).toBeNull();
    expect(calls).toBeGreaterThan(0);
    unsubscribe();
  });
});

describe('the session hint (lets /login render before IndexedDB opens)', () => {
  it('says a session may exist from a sign-in or a registration under way until it is cleared', async () => {
    expect(mayHaveSession()).toBe(false);
    await setSession({ token: 'tok', user_id: 7, user });
    expect(mayHaveSession()).toBe(true);
    await clearSession();
    expect(mayHaveSession()).toBe(false);
    await setSession({ 'custom-signup': true });
    expect(mayHaveSession()).toBe(true);
  });

  it('is restored from the stored session when the hint was lost', async () => {
    await setSession({ token: 'tok', user_id: 7, user });
    localStorage.clear();
    expect(mayHaveSession()).toBe(false);
    await getSession();
    expect(mayHaveSession()).toBe(true);
  });
});
