/**
 * No credentials in the request log or the impersonation audit (issue 29, item 7; issue 47,
 * item 2): reset codes (`code`), registration tokens (`token`), signed links (`sig`),
 * impersonation tokens (`ed`) and sign-up link keys (`key`) are written as `[redacted]`, in the
 * request log, the per-request audit and the audit of an impersonated live stream; the path and
 * the other parameters stay readable.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { auditLog } from '../../server/db/schema/identity';
import { becomeSecret, signBecome } from '../../server/domain/auth/become';
import { REDACTED, redactUrl } from '../../server/lib/redact-url';
import { STAFF_EMAIL } from '../../server/seed/people';
import { dbKinds, startApp, type TestApp } from './helpers';

const SECRET = 'S3cr3tValue';

describe('redactUrl', () => {
  it.each([
    [
      '/client/password_reset?code=123456&email=a%40b.test',
      `/client/password_reset?code=${REDACTED}&email=a%40b.test`,
    ],
    ['/login?token=abc.def', `/login?token=${REDACTED}`],
    [
      '/api/v1/exports/4/download?expires=1700000000&sig=f00d',
      `/api/v1/exports/4/download?expires=1700000000&sig=${REDACTED}`,
    ],
    ['/become?ed=xyz&email=owner%40demo.test', `/become?ed=${REDACTED}&email=owner%40demo.test`],
    [
      '/x?CODE=1&Token=2&api_token=3&client_secret=4&password=5&signature=6',
      `/x?CODE=${REDACTED}&Token=${REDACTED}&api_token=${REDACTED}&client_secret=${REDACTED}&password=${REDACTED}&signature=${REDACTED}`,
    ],
    ['/x?co%64e=1', `/x?co%64e=${REDACTED}`],
    ['/x?code=1&code=2', `/x?code=${REDACTED}&code=${REDACTED}`],
    ['/x?zip_code=78701&sigma=1&edit=1&page=2', '/x?zip_code=78701&sigma=1&edit=1&page=2'],
    ['/signup?ms_id=MS-1001&key=k3y', `/signup?ms_id=MS-1001&key=${REDACTED}`],
    ['/signup?lead_id=00Q-1&KEY=k3y', `/signup?lead_id=00Q-1&KEY=${REDACTED}`],
    ['/x?api_key=1&keys=2&monkey_id=3', `/x?api_key=${REDACTED}&keys=2&monkey_id=3`],
    ['/x?token', '/x?token'],
    ['/x', '/x'],
    ['/x?', '/x?'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe.each(dbKinds)('the request log and the audit on %s', (kind) => {
  let t: TestApp;
  let logged: TestApp['app'];
  const lines: string[] = [];

  beforeAll(async () => {
    t = await startApp(kind);
    // A second app on the same database with the real logger, writing into `lines`.
    logged = await buildApp({
      config: { ...t.config, jobs: { ...t.config.jobs, worker: false } },
      handle: t.handle,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    await logged.ready();
  });
  afterAll(async () => {
    await logged?.close();
    await t?.close();
  });

  it('logs the requests with every credential redacted', async () => {
    const urls = [
      `/api/v1/validate/email?email=a%40b.test&code=${SECRET}1`,
      `/api/v1/client/registration/verify?token=${SECRET}2`,
      `/api/v1/exports/1/download?expires=1&sig=${SECRET}3`,
      `/become?ed=${SECRET}4&email=owner%40demo.test`,
      `/login?token=${SECRET}5`,
      `/signup?ms_id=MS-1001&key=${SECRET}6`,
      `/signup?lead_id=00Q-DEMO-1&key=${SECRET}7&step=2`,
    ];
    for (const url of urls) await logged.inject({ method: 'GET', url });
    await vi.waitFor(() =>
      expect(lines.filter((l) => l.includes('request completed'))).toHaveLength(urls.length),
    );
    const all = lines.join('\n');
    expect(all).not.toContain(SECRET);
    const incoming = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'incoming request');
    expect(incoming.map((l) => l.req.url)).toEqual(
      urls.map((u) => u.replace(new RegExp(`${SECRET}\\d`), REDACTED)),
    );
    expect(incoming[0].req).toMatchObject({ method: 'GET', remoteAddress: '127.0.0.1' });
  });

  it("writes the impersonated requests' paths to the audit with credentials redacted", async () => {
    const ed = signBecome(becomeSecret(t.config), STAFF_EMAIL, 'owner@demo.test');
    const become = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client/become',
      payload: { ed, email: 'owner@demo.test' },
    });
    const { token, user_id, impersonate_id } = become.json();
    const headers = {
      'x-auth-token': token,
      'x-user-id': String(user_id),
      'x-impersonate-id': String(impersonate_id),
    };
    await t.app.inject({ method: 'GET', url: `/api/v1/notifications?token=${SECRET}`, headers });
    await vi.waitFor(async () => {
      const rows = await t.db.select().from(auditLog).where(eq(auditLog.user_id, user_id));
      expect(rows.map((r) => r.path)).toContain(`/api/v1/notifications?token=${REDACTED}`);
    });
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.user_id, user_id));
    expect(rows.some((r) => r.path.includes(SECRET))).toBe(false);
  });

  it("writes an impersonated live stream's path to the audit with credentials redacted", async () => {
    const ed = signBecome(becomeSecret(t.config), STAFF_EMAIL, 'direct@demo.test');
    const become = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client/become',
      payload: { ed, email: 'direct@demo.test' },
    });
    const { token, user_id, impersonate_id } = become.json();
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = new AbortController();
    const opened = await fetch(`${url}/api/v1/live?key=${SECRET}`, {
      headers: {
        'x-auth-token': token,
        'x-user-id': String(user_id),
        'x-impersonate-id': String(impersonate_id),
      },
      signal: stream.signal,
    });
    expect(opened.status).toBe(200);
    const paths = async () =>
      (await t.db.select().from(auditLog).where(eq(auditLog.user_id, user_id))).map((r) => r.path);
    await expect.poll(paths).toContain(`/api/v1/live?key=${REDACTED}`);
    stream.abort();
    expect((await paths()).some((path) => path.includes(SECRET))).toBe(false);
  });
});
