// The api client with nothing installed above it (no fetch-mock import here, so no app handlers):
// api/ works on its own, anonymous and uncached, and tells the user nothing it cannot.
import { object, string } from 'superstruct';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../../src/api/client';
import { setCaller, setPendingLink } from '../../../src/api/client-hooks';
import { ApiError } from '../../../src/api/errors';
import { onSessionExpired } from '../../../src/api/session-expiry';
import { setNoticeHandler } from '../../../src/lib/notices';

const Echo = object({ message: string() });

function answer(status: number, body: unknown) {
  const calls: Headers[] = [];
  globalThis.fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(new Headers(init?.headers));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return calls;
}

afterEach(() => vi.restoreAllMocks());

describe('the api client on its own', () => {
  it('calls anonymously until a caller is installed, then sends its headers', async () => {
    const calls = answer(200, { message: 'ok' });
    await expect(request(Echo, '/x')).resolves.toEqual({ message: 'ok' });
    expect(calls[0].get('X-Auth-Token')).toBeNull();
    setCaller(() => ({ headers: { 'X-Auth-Token': 'tok' }, token: 'tok', userId: 1 }));
    await request(Echo, '/x');
    expect(calls[1].get('X-Auth-Token')).toBe('tok');
  });

  it('raises notices and session expiry through what is installed, and only logs without it', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined); // the error report fails too
    answer(503, { errors: 'down' });
    await expect(request(Echo, '/x')).rejects.toBeInstanceOf(ApiError);
    expect(info).toHaveBeenCalled();

    const notices = vi.fn();
    const expired = vi.fn();
    const stopNotices = setNoticeHandler(notices);
    const stopExpiry = onSessionExpired(expired);
    setCaller(() => ({ headers: { 'X-Auth-Token': 'tok' }, token: 'tok', userId: 1 }));
    await expect(request(Echo, '/x')).rejects.toMatchObject({ status: 503 });
    expect(notices).toHaveBeenCalledWith({
      kind: 'error',
      header: 'Oops... something went wrong',
      body: "We can't fulfill this request at this time, please try again.",
    });
    answer(401, { errors: 'expired' });
    await expect(request(Echo, '/x')).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
    stopNotices();
    stopExpiry();
  });

  it('waits for a pending link before sending, and sends with what it installed', async () => {
    const calls = answer(200, { message: 'ok' });
    let link: () => void = () => undefined;
    const linked = new Promise<void>((resolve) => {
      link = () => {
        setCaller(() => ({ headers: { 'X-Auth-Token': 'linked' }, token: 'linked', userId: 2 }));
        setPendingLink(null);
        resolve();
      };
    });
    const load = vi.fn(() => linked);
    setCaller(() => ({ headers: {}, token: null, userId: null }));
    setPendingLink(load);
    const sent = request(Echo, '/x');
    // Every step the client could take without the link has run (a macrotask later): nothing sent.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(load).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(0);
    link();
    await expect(sent).resolves.toEqual({ message: 'ok' });
    expect(calls[0].get('X-Auth-Token')).toBe('linked');
    // Installed: the next request goes straight out.
    await request(Echo, '/x');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
