/**
 * Sign-in and impersonation store the session before they navigate: a reload (or another tab) in
 * the first moments after signing in must find the user signed in, never land back on /login.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/db/db';
import { clearSession, peekSession } from '../../../../src/db/session';
import { become, signIn } from '../../../../src/features/auth/auth-api';
import { json } from '../../api/fetch-mock';
import { loginResponse, serve } from './fixtures';

/** Keys whose storage write had completed, watched through the session table's writes. */
function watchStoredKeys(): Set<string> {
  const stored = new Set<string>();
  const original = db.session.bulkPut.bind(db.session);
  vi.spyOn(db.session, 'bulkPut').mockImplementation(((rows: { key: string }[], ...rest: never[]) =>
    original(rows as never, ...rest).then((result: unknown) => {
      for (const row of rows) stored.add(row.key);
      return result;
    })) as never);
  return stored;
}

beforeEach(async () => {
  await clearSession();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});

afterEach(() => vi.restoreAllMocks());

describe('the session is stored before the app moves on', () => {
  it('sign-in', async () => {
    serve({ 'POST /api/v1/client/create_session': () => json(200, loginResponse) });
    const stored = watchStoredKeys();
    const seen: { stored: boolean; token: string | null }[] = [];
    await signIn({ email: 'owner@demo.test', password: 'Portal-demo-1!' }, () =>
      seen.push({ stored: stored.has('token'), token: peekSession().token }),
    );
    expect(seen).toEqual([{ stored: true, token: 'tok-123' }]);
    expect((await db.session.get('token'))?.value).toBe('tok-123');
  });

  it('impersonation', async () => {
    serve({
      'POST /api/v1/client/become': () =>
        json(200, {
          token: 'tok-imp',
          user_id: 42,
          user: loginResponse.user,
          impersonate_id: 7,
          tabs: loginResponse.tabs,
        }),
    });
    const stored = watchStoredKeys();
    const seen: { stored: boolean; to: string }[] = [];
    await become('owner@demo.test', 'nonce-1', (to) => seen.push({ stored: stored.has('token'), to }));
    expect(seen).toEqual([{ stored: true, to: '/dashboard/leads' }]);
    expect((await db.session.get('impersonate_id'))?.value).toBe(7);
  });
});
