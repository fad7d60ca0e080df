import { object, string } from 'superstruct';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../../src/api/client';
import { ApiError, ContractError } from '../../../src/api/errors';
import { expiryEffects } from '../../../src/app/session-expiry';
import { clearSession, peekSession, setSession } from '../../../src/db/session';
import { isOffline, markNetworkSuccess } from '../../../src/sync/connectivity';
import { showToast, toastError } from '../../../src/ui/toast';
import { type Call, json, mockFetch } from './fetch-mock';

vi.mock('../../../src/ui/toast', () => ({
  showToast: vi.fn(),
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));

const Echo = object({ message: string() });
const reports = (calls: Call[]) => calls.filter((call) => call.url.endsWith('/api/v1/error_report'));

beforeEach(async () => {
  vi.clearAllMocks();
  await clearSession();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('api client', () => {
  it('counts no answer as offline, but not a request its caller aborted', async () => {
    markNetworkSuccess();
    const controller = new AbortController();
    mockFetch(() => {
      controller.abort();
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(request(Echo, '/x', { signal: controller.signal })).rejects.toBeInstanceOf(Error);
    expect(isOffline()).toBe(false);
    expect(showToast).not.toHaveBeenCalled();

    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(request(Echo, '/x', { toast: false })).rejects.toBeInstanceOf(ApiError);
    expect(isOffline()).toBe(true);
    mockFetch(() => json(200, { message: 'back' }));
    await request(Echo, '/x');
    expect(isOffline()).toBe(false);
  });

  it('builds the auth headers from the session when each request is sent', async () => {
    const calls = mockFetch(() => json(200, { message: 'ok' }));
    await request(Echo, '/anything');
    expect(calls[0].url).toBe('/api/v1/anything');
    expect(calls[0].headers.get('X-Auth-Token')).toBeNull();

    await setSession({ token: 'tok-1', user_id: 7 });
    await request(Echo, '/anything');
    expect(calls[1].headers.get('X-Auth-Token')).toBe('tok-1');
    expect(calls[1].headers.get('X-User-Id')).toBe('7');
    expect(calls[1].headers.get('X-Impersonate-Id')).toBeNull();
    expect(calls[1].headers.get('Authorization')).toBeNull();

    await setSession({ token: 'tok-2', impersonate_id: 99, 'reg-token': 'reg-abc' });
    await request(Echo, '/anything', { method: 'POST', body: { a: 1 } });
    expect(calls[2].headers.get('X-Auth-Token')).toBe('tok-2');
    expect(calls[2].headers.get('X-Impersonate-Id')).toBe('99');
    expect(calls[2].headers.get('Authorization')).toBe(`Basic ${btoa('reg-abc:')}`);
    expect(calls[2].headers.get('Accept')).toContain('application/json');
    expect(calls[2].body).toEqual({ a: 1 });
  });

  it('answers the validated response, without unknown fields', async () => {
    mockFetch(() => json(200, { message: 'hi', extra: true }));
    await expect(request(Echo, '/x')).resolves.toEqual({ message: 'hi' });
  });

  it('throws a ContractError on a response that breaks its contract, and reports it', async () => {
    const calls = mockFetch((call) =>
      call.url.endsWith('/error_report') ? json(202, {}) : json(200, { message: 5 }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(request(Echo, '/x')).rejects.toBeInstanceOf(ContractError);
    await vi.waitFor(() => expect(reports(calls)).toHaveLength(1));
    expect(reports(calls)[0].body).toMatchObject({ status: 200, url: '/api/v1/x', method: 'GET' });
    expect(String((reports(calls)[0].body as { message: string }).message)).toContain('message');
    expect(showToast).toHaveBeenCalledWith(
      'error',
      'Oops... something went wrong',
      "We can't fulfill this request at this time, please try again.",
    );
  });

  it('on 401 clears the session, toasts, redirects after 2000 ms, clears caches and reloads 500 ms later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const navigate = vi.spyOn(expiryEffects, 'navigate').mockImplementation(() => undefined);
    const clearStorage = vi.spyOn(expiryEffects, 'clearStorage').mockResolvedValue(undefined);
    const reload = vi.spyOn(expiryEffects, 'reload').mockImplementation(() => undefined);
    const calls = mockFetch(() => json(401, { errors: 'Your session has expired' }));
    await setSession({ token: 'old', user_id: 7 });

    const error = await request(Echo, '/notifications').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(peekSession().token).toBeNull();
    expect(toastError).toHaveBeenCalledWith(
      'Session expired',
      'Your session has expired, you will be redirected to login page shortly.',
    );
    expect(reports(calls)).toHaveLength(0);

    vi.advanceTimersByTime(1999);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/login');
    vi.advanceTimersByTime(499);
    expect(clearStorage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(clearStorage).toHaveBeenCalled();
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
  });

  it('ignores a 403 answering a request made with a token no longer in use', async () => {
    await setSession({ token: 'old', user_id: 7 });
    mockFetch(async () => {
      await setSession({ token: 'new' }); // the user signed in again meanwhile
      return json(403, { errors: 'Forbidden' });
    });
    await expect(request(Echo, '/x')).rejects.toMatchObject({ status: 403 });
    expect(peekSession().token).toBe('new');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('toasts and reports a 5xx', async () => {
    const calls = mockFetch((call) =>
      call.url.endsWith('/error_report') ? json(202, {}) : json(503, { errors: 'down' }),
    );
    await expect(request(Echo, '/x', { method: 'PUT', body: { a: 1 } })).rejects.toMatchObject({
      status: 503,
    });
    expect(showToast).toHaveBeenCalledWith(
      'error',
      'Oops... something went wrong',
      "We can't fulfill this request at this time, please try again.",
    );
    await vi.waitFor(() => expect(reports(calls)).toHaveLength(1));
    expect(reports(calls)[0].body).toEqual({
      message: 'down',
      status: 503,
      url: '/api/v1/x',
      method: 'PUT',
      body: '{"a":1}',
    });
  });

  it('hands 422 field errors to the form: no toast, no report', async () => {
    const calls = mockFetch(() => json(422, { errors: { email: ['Please enter a valid email'] } }));
    const error = (await request(Echo, '/x', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.fieldErrors).toEqual({ email: ['Please enter a valid email'] });
    expect(error.message).toBe('Please enter a valid email');
    expect(showToast).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reports(calls)).toHaveLength(0);
  });

  it('shows an errors string in an Error toast, unless the caller disables the toast', async () => {
    mockFetch(() => json(422, { errors: 'Invalid email or password' }));
    await expect(request(Echo, '/x', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 422,
      message: 'Invalid email or password',
    });
    expect(showToast).toHaveBeenCalledWith('error', 'Error', 'Invalid email or password');

    vi.mocked(showToast).mockClear();
    await expect(request(Echo, '/x', { method: 'POST', body: {}, toast: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(showToast).not.toHaveBeenCalled();
  });

  it('reports other 4xx with password fields masked', async () => {
    const calls = mockFetch((call) =>
      call.url.endsWith('/error_report') ? json(202, {}) : json(409, { errors: 'Conflict' }),
    );
    const body = {
      email: 'a@b.co',
      password: 'Secret-1!',
      current_password: 'Old-1!',
      nested: { confirmed_password: 'Secret-1!', confirm_password: 'Secret-1!' },
    };
    await expect(request(Echo, '/client/password', { method: 'POST', body })).rejects.toMatchObject({
      status: 409,
    });
    await vi.waitFor(() => expect(reports(calls)).toHaveLength(1));
    const sent = reports(calls)[0].body as { body: string; status: number; message: string };
    expect(sent.status).toBe(409);
    expect(sent.message).toBe('Conflict');
    expect(sent.body).not.toContain('Secret');
    expect(sent.body).not.toContain('Old-1');
    expect(JSON.parse(sent.body)).toEqual({
      email: 'a@b.co',
      password: '********',
      current_password: '********',
      nested: { confirmed_password: '********', confirm_password: '********' },
    });
  });

  it('treats no answer as offline: no toast, no report', async () => {
    globalThis.fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const error = (await request(Echo, '/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.offline).toBe(true);
    expect(error.message).toBe("You're offline - this needs a connection");
    expect(showToast).not.toHaveBeenCalled();
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
  });

  it('a quiet call never expires the session', async () => {
    await setSession({ token: 'tok', user_id: 1 });
    mockFetch(() => json(401, { errors: 'expired' }));
    await expect(
      request(Echo, '/client/end_session', { method: 'POST', quiet: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(peekSession().token).toBe('tok');
    expect(toastError).not.toHaveBeenCalled();
  });
});
