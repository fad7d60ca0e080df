/**
 * The fuzzer's findings (issue 15, "No 5xx from any input"), each pinned by name: deep nesting,
 * NUL bytes, numbers beyond the database's integer, repeated query keys, an out-of-range
 * Last-Event-ID, request timeouts, oversized headers, extra fields, Retry-After and no-store.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';
import { readEvents } from './sse';

/** 5,000 levels as text: JSON.stringify itself would overflow the test's stack. */
const deepJson = (levels: number) => `${'{"a":['.repeat(levels / 2)}1${']}'.repeat(levels / 2)}`;

/** One raw HTTP exchange, for what inject cannot send (it bypasses Node's parser). */
function raw(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(5000, () => {
      socket.destroy();
      resolve(answer);
    });
  });
}

describe.each(dbKinds)('hostile input on %s', (kind) => {
  let t: TestApp;
  let s: Session;
  let url: string;
  beforeAll(async () => {
    t = await startApp(kind, { rateLimit: { windowMinutes: 15, perAccountAndIp: 2, perIp: 100 } });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    s = await signIn(t, 'owner@demo.test');
  });
  afterAll(() => t?.close());

  const post = (path: string, payload: string | object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${path}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('refuses JSON nested 5,000 levels deep with a 400, on a public and a signed-in route', async () => {
    for (const [path, headers] of [
      ['/error_report', {}],
      ['/filters/leads/new', s.headers],
    ] as const) {
      const res = await post(path, `{"message":${deepJson(5000)}}`, headers);
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toEqual({ errors: 'The request is nested too deeply' });
    }
  });

  it('refuses a NUL byte in any string with a 422 naming the field', async () => {
    const body = await post('/error_report', { message: 'a\u0000b' });
    expect(body.statusCode).toBe(422);
    expect(body.json()).toEqual({ errors: { message: ['Must not contain a NUL character'] } });
    const nested = await post('/filters/leads/new', { name: 'x', filters: [{ name: 'a\u0000' }] }, s.headers);
    expect(nested.statusCode).toBe(422);
    expect(nested.json().errors).toHaveProperty(['filters.0.name']);
    const query = await t.app.inject({ method: 'GET', url: '/api/v1/places?q=ab%00cd' });
    expect(query.statusCode).toBe(422);
    expect(query.json()).toEqual({ errors: { q: ['Must not contain a NUL character'] } });
  });

  it('refuses a lone UTF-16 surrogate in any string with a 422 naming the field', async () => {
    // JSON's "\ud800" parses to half a pair, which PostgreSQL cannot store or compare (it was a 500
    // on POST /invoices/export's filters, found by the fuzzer).
    const body = await post('/error_report', '{"message":"a\\ud800b"}');
    expect(body.statusCode).toBe(422);
    expect(body.json()).toEqual({ errors: { message: ['Must be valid Unicode text'] } });
    const exported = await post(
      '/invoices/export',
      '{"filters":[{"name":"status","value":"\\ud800"}]}',
      s.headers,
    );
    expect(exported.statusCode).toBe(422);
    // A real pair (an emoji) is text like any other.
    expect((await post('/error_report', { message: 'roof \u{1F3E0} fixed' })).statusCode).toBeLessThan(300);
  });

  it('refuses numbers beyond the database integer and a fractional status with a 422', async () => {
    const status = await post('/error_report', { message: 'x', status: 1.5 });
    expect(status.statusCode).toBe(422);
    expect(status.json().errors).toHaveProperty('status');
    const big = await post('/error_report', { message: 'x', status: 2147483648 });
    expect(big.statusCode).toBe(422);
    expect(big.json()).toEqual({ errors: { status: ['Out of range'] } });
    const userId = await post('/client/password', {
      code: '123456',
      password: 'Secret-123456',
      confirmed_password: 'Secret-123456',
      user_id: '2147483648',
    });
    expect(userId.statusCode).toBe(422);
    expect(userId.json().errors).toHaveProperty('user_id');
    const header = await post('/error_report', { message: 'x' }, { 'x-user-id': '2147483648' });
    expect(header.statusCode).toBeLessThan(300);
    const path = await t.app.inject({ method: 'GET', url: '/api/v1/leads/2147483648', headers: s.headers });
    expect(path.statusCode).toBe(404);
  });

  it('refuses a repeated query key with a 422 naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dev/mails?to=a&to=b' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { to: ['Give this parameter once'] } });
  });

  it('names an extra field "Unknown field"', async () => {
    const res = await post('/error_report', { message: 'x', admin: true });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { admin: ['Unknown field'] } });
  });

  it('keeps a live stream with an out-of-range Last-Event-ID alive: it delivers from now', async () => {
    const events = await readEvents(
      `${url}/api/v1/live`,
      { ...s.headers, 'last-event-id': '99999999999999999999' },
      2,
      5000,
      async () => {
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/dev/emit',
          payload: {
            email: 'owner@demo.test',
            notification: { message: 'after-bad-id', action: 'no_action' },
          },
        });
      },
    );
    // Started from now like a fresh stream: its position first, then the message.
    expect(events[0]?.event).toBe('position');
    expect(events.slice(1).map((e) => JSON.parse(e.data).notification?.message)).toEqual(['after-bad-id']);
  });

  it('times out slow request bodies but not answers (the live stream stays open)', () => {
    expect(t.app.server.requestTimeout).toBe(60_000);
    expect(t.app.server.timeout).toBeGreaterThan(15_000 * 2);
  });

  it('answers oversized headers with {errors}', async () => {
    const answer = await raw(
      url,
      `GET /api/v1/user/settings HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      errors: 'Request headers too large',
    });
  });

  it("says when to retry on the database limiter's 429", async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/client/create_session',
        payload: { email: 'owner@demo.test', password: 'wrong-password' },
        remoteAddress: '10.77.0.1',
      });
    let res = await attempt();
    for (let i = 0; i < 3 && res.statusCode !== 429; i++) res = await attempt();
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('900');
  });

  it('marks API answers no-store, errors included', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/v1/user/settings', headers: s.headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
