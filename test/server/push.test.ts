/**
 * Web Push through the real app and a test push service on loopback: the subscription routes,
 * a notification delivered encrypted for the subscription's keys (decrypted here with http_ece,
 * the library web-push itself uses) with a VAPID authorization, never to another user's
 * subscription; a gone subscription (410) deleted; a failing push service retried; sign-out
 * removes the device's subscription; staff impersonating may not subscribe. The test push service
 * is accepted by its configured origin only (config.push.testService): another loopback port, or
 * a push service's host as userinfo in front of a loopback address, is refused, and a subscription
 * stored with such an endpoint is deleted by the sender without a connection to it.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, globalAgent, type Server } from 'node:https';
import { eq } from 'drizzle-orm';
import { decrypt } from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { pushSubscriptions, serverKeys } from '../../server/db/schema/push';
import { becomeSecret, signBecome } from '../../server/domain/auth/become';
import { notifyUser } from '../../server/domain/messaging/notify';
import { STAFF_EMAIL } from '../../server/seed/people';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

type Received = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

const read = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
// web-push talks HTTPS only: trust the test push service's self-signed certificate (this file only).
globalAgent.options.ca = [read('push-service.crt')];

/** A push service (HTTPS, on loopback): records every POST; a path's queued statuses answer first (then 201). */
function pushService() {
  const received: Received[] = [];
  const statuses = new Map<string, number[]>();
  const server: Server = createServer(
    { key: read('push-service.key'), cert: read('push-service.crt') },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(statuses.get(path)?.shift() ?? 201).end();
      });
    },
  );
  return { server, received, statuses };
}

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

const until = async <T>(read: () => Promise<T | undefined | false> | T | undefined | false, ms = 20_000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.each(dbKinds)('web push on %s', (kind) => {
  let t: TestApp;
  let service: ReturnType<typeof pushService>;
  let base: string;
  let owner: Session;
  let other: Session;

  let port: number;

  beforeAll(async () => {
    service = pushService();
    await new Promise<void>((r) => service.server.listen(0, '127.0.0.1', r));
    const address = service.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    base = `https://127.0.0.1:${port}`;
    t = await startApp(kind, {
      jobs: { worker: true, pollMs: 100, leaseMs: 10_000, concurrency: 2 },
      push: { ...loadConfig({}).push, testService: base },
    });
    owner = await signIn(t, 'owner@demo.test');
    other = await signIn(t, 'franchise@demo.test');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => service?.server.close(r));
  });

  const api = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    s: Session | Record<string, string>,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: 'headers' in s ? (s.headers as Record<string, string>) : s,
      payload: payload as object,
    });
  const subscribe = (s: Session, path: string, keys = browserKeys()) =>
    api('POST', '/push/subscription', s, {
      endpoint: `${base}${path}`,
      expirationTime: null,
      keys: keys.keys,
    }).then((res) => ({ res, keys }));

  it('serves one VAPID public key, generated once and kept in the database', async () => {
    const a = await api('GET', '/push/key', owner);
    const b = await api('GET', '/push/key', other);
    expect(a.statusCode).toBe(200);
    expect(a.json().public_key).toBe(b.json().public_key);
    expect(Buffer.from(a.json().public_key, 'base64url')).toHaveLength(65);
    const [row] = await t.db.select().from(serverKeys).where(eq(serverKeys.name, 'vapid'));
    expect(row.value.publicKey).toBe(a.json().public_key);
  });

  it('refuses endpoints outside the push services', async () => {
    for (const endpoint of [
      'https://evil.example/x',
      'http://10.0.0.1/x',
      'file:///etc/passwd',
      'https://user:pw@fcm.googleapis.com/x',
      // A vendor's host on any port but https's own (issue 47, item 5).
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://updates.push.services.mozilla.com:22/wpush/v2/abc',
      'https://web.push.apple.com:80/abc',
    ]) {
      const res = await api('POST', '/push/subscription', owner, { endpoint, keys: browserKeys().keys });
      expect(res.statusCode, endpoint).toBe(422);
    }
    // Loopback is the configured test service's origin only: userinfo first (the request would go
    // to the address after the @), and no other port, host spelling or scheme.
    for (const endpoint of [
      `https://fcm.googleapis.com@127.0.0.1:${port}/x`,
      `https://fcm.googleapis.com:pw@127.0.0.1:${port}/x`,
      `https://127.0.0.1:${port + 1}/x`,
      `https://localhost:${port}/x`,
      `http://127.0.0.1:${port}/x`,
      'https://127.0.0.1/x',
      'http://[::1]:8080/x',
    ]) {
      const res = await api('POST', '/push/subscription', owner, { endpoint, keys: browserKeys().keys });
      expect(res.statusCode, endpoint).toBe(422);
    }
    const ok = await api('POST', '/push/subscription', owner, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: browserKeys().keys,
    });
    expect(ok.statusCode).toBe(201);
    // 443 written out is https's own port: the same endpoint.
    const explicit = await api('POST', '/push/subscription', owner, {
      endpoint: 'https://fcm.googleapis.com:443/fcm/send/abc',
      keys: browserKeys().keys,
    });
    expect(explicit.statusCode).toBe(201);
    await api('DELETE', '/push/subscription', owner, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' });
    await api('DELETE', '/push/subscription', owner, {
      endpoint: 'https://fcm.googleapis.com:443/fcm/send/abc',
    });
  });

  it("delivers a notification encrypted for the user's subscription only", async () => {
    const mine = await subscribe(owner, '/owner-phone');
    expect(mine.res.statusCode).toBe(201);
    const theirs = await subscribe(other, '/other-phone');
    expect(theirs.res.statusCode).toBe(201);
    const key = (await api('GET', '/push/key', owner)).json().public_key as string;

    const sent = await notifyUser(t.db, t.app.live, owner.user_id, {
      message: 'New lead: Dana Reyes',
      action: 'go_to',
      index: 'leads',
    });
    const push = await until(() => service.received.find((r) => r.path === '/owner-phone'));
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expect(push.headers.topic).toBe(`n${sent.notification_id}`);
    expect(String(push.headers.authorization)).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`),
    );
    expect(push.body.toString('utf8')).not.toContain('Dana');
    const clear = JSON.parse(
      decrypt(push.body, {
        version: 'aes128gcm',
        privateKey: mine.keys.ecdh,
        authSecret: mine.keys.auth,
      }).toString('utf8'),
    );
    expect(clear).toEqual({ message_type: 'notification', user_id: owner.user_id, notification: sent });
    // The other user's device got nothing of it.
    await new Promise((r) => setTimeout(r, 500));
    expect(service.received.filter((r) => r.path === '/other-phone')).toHaveLength(0);
    await api('DELETE', '/push/subscription', owner, { endpoint: `${base}/owner-phone` });
    await api('DELETE', '/push/subscription', other, { endpoint: `${base}/other-phone` });
  });

  it('sends nothing to a stored endpoint the server no longer accepts, and deletes it', async () => {
    const endpoint = `https://fcm.googleapis.com@127.0.0.1:${port}/smuggled`;
    await t.db.insert(pushSubscriptions).values({
      user_id: owner.user_id,
      session_id: null,
      endpoint,
      ...browserKeys().keys,
    });
    await notifyUser(t.db, t.app.live, owner.user_id, { message: 'Smuggled', action: 'no_action' });
    await until(async () => {
      const rows = await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint));
      return rows.length === 0;
    });
    expect(service.received.filter((r) => r.path === '/smuggled')).toHaveLength(0);
  });

  it('deletes a subscription the push service reports gone, and retries a failing one', async () => {
    await subscribe(owner, '/gone');
    await subscribe(owner, '/flaky');
    service.statuses.set('/gone', [410]);
    service.statuses.set('/flaky', [503]);
    await notifyUser(t.db, t.app.live, owner.user_id, { message: 'Invoice paid', action: 'no_action' });
    await until(async () => {
      const rows = await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, `${base}/gone`));
      return rows.length === 0;
    });
    await until(async () => {
      return service.received.filter((r) => r.path === '/flaky').length >= 2;
    });
    // The sender records the delivery after the push service has answered: wait for that write.
    await until(async () => {
      const [flaky] = await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, `${base}/flaky`));
      return flaky.last_sent_at !== null;
    });
    await api('DELETE', '/push/subscription', owner, { endpoint: `${base}/flaky` });
  });

  it("removes the device's subscription at sign-out, and only the caller's own on DELETE", async () => {
    const session = await signIn(t, 'directories@demo.test');
    await subscribe(session, '/shared-tablet');
    const foreign = await api('DELETE', '/push/subscription', owner, { endpoint: `${base}/shared-tablet` });
    expect(foreign.statusCode).toBe(200);
    const endpointRows = () =>
      t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, `${base}/shared-tablet`));
    expect(await endpointRows()).toHaveLength(1);
    expect((await api('POST', '/client/end_session', session)).statusCode).toBe(200);
    expect(await endpointRows()).toHaveLength(0);
  });

  it('refuses subscribing while impersonating', async () => {
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
    const res = await api('POST', '/push/subscription', headers, {
      endpoint: `${base}/staff`,
      keys: browserKeys().keys,
    });
    expect(res.statusCode).toBe(403);
  });
});
