import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOutAndLeave, signOutSteps } from '../../../src/app/sign-out';
import { db } from '../../../src/db/db';
import { clearSession, peekSession, setSession, subscribeSession } from '../../../src/db/session';
import { clearUserTables } from '../../../src/db/user-data';
import { writeUserItem } from '../../../src/lib/device-storage';
import { json, mockFetch } from '../api/fetch-mock';

vi.mock('../../../src/ui/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn(), showToast: vi.fn() }));

beforeEach(async () => {
  await clearSession();
  await clearUserTables();
  await setSession({ token: 'tok-1', user_id: 7 });
  await db.responses.put({
    key: '7:GET /api/v1/user/settings',
    user_id: 7,
    method: 'GET',
    url: '/api/v1/user/settings',
    data: {},
    stored_at: 1,
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sign-out', () => {
  it('runs its steps in order: server, stored session, session, user data, then navigation', async () => {
    const order: string[] = [];
    for (const name of Object.keys(signOutSteps) as (keyof typeof signOutSteps)[]) {
      const original = signOutSteps[name];
      vi.spyOn(signOutSteps, name).mockImplementation(async () => {
        order.push(name);
        await original();
      });
    }
    mockFetch(() => json(200, { message: 'Logout Successful' }));
    await signOutAndLeave(() => order.push('navigate'));
    expect(order).toEqual([
      'endServerSession',
      'forgetStoredSession',
      'forgetSession',
      'deleteUserData',
      'navigate',
    ]);
  });

  it('has deleted the stored session before anything sees the user signed out, and the data before /login', async () => {
    const calls = mockFetch(() => json(200, { message: 'Logout Successful' }));
    // Whenever the in-memory session empties (what the guard reacts to by going to /login), read
    // what storage holds at that moment: a reload then must not find a session.
    const storedWhenSignedOut: Promise<number>[] = [];
    const stop = subscribeSession(() => {
      if (peekSession().token === null) storedWhenSignedOut.push(db.session.count());
    });
    let atNavigation: Promise<[number, number]> | null = null;
    await signOutAndLeave((to) => {
      expect(to).toBe('/login');
      atNavigation = Promise.all([db.session.count(), db.responses.count()]);
    });
    stop();

    expect(calls.find((call) => call.url.endsWith('/client/end_session'))?.headers.get('X-Auth-Token')).toBe(
      'tok-1',
    );
    expect(storedWhenSignedOut.length).toBeGreaterThan(0);
    expect(await Promise.all(storedWhenSignedOut)).toEqual(storedWhenSignedOut.map(() => 0));
    expect(await atNavigation).toEqual([0, 0]);
  });

  it("leaves no Web Storage key of the user, the device's own kept", async () => {
    mockFetch(() => json(200, { message: 'Logout Successful' }));
    localStorage.clear();
    sessionStorage.clear();
    writeUserItem(7, 'time-zone', 'America/Chicago');
    writeUserItem(7, 'perf:last-loaded:search', '{}');
    localStorage.setItem('perf:locations:franchise', '{"known":["A-1"],"selected":["A-1"]}');
    localStorage.setItem('portal:time-zone:7', 'America/Chicago');
    localStorage.setItem('portal-push', 'on');
    sessionStorage.setItem('portal:user:7:x', '1');
    let atNavigation: string[] = [];
    await signOutAndLeave(() => {
      atNavigation = Object.keys(localStorage);
    });
    expect(atNavigation).toEqual(['portal-push']);
    expect(sessionStorage.length).toBe(0);
  });
});
