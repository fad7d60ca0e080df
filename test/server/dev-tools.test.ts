/**
 * Dev tools (issue 15): the mailbox (every user's mail, live reset codes), invitations, the
 * emitter and the demo-lead maker answer only where the configuration turns them on: by default
 * the embedded database on loopback (`npm start`), never with DATABASE_URL unless DEV_TOOLS=on,
 * never under NODE_ENV=production. And a registration link is never issued for an account that
 * has completed sign-up (the link signs in as that user).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { registrationTokens, users } from '../../server/db/schema/identity';
import { INVITE_SIGNUP_COMPLETED, inviteCustomer } from '../../server/domain/signup/signup-invite';
import { HttpError } from '../../server/lib/errors';
import { startApp, type TestApp } from './helpers';

const DEV_REQUESTS = [
  { method: 'GET', url: '/dev/mailbox' },
  { method: 'GET', url: '/dev/mailbox.css' },
  { method: 'GET', url: '/api/v1/dev/mails?to=owner@demo.test' },
  { method: 'POST', url: '/api/v1/dev/invite', payload: { email: 'someone-new@example.test' } },
  { method: 'POST', url: '/api/v1/dev/emit', payload: { email: 'owner@demo.test', payload: { ping: 1 } } },
  { method: 'POST', url: '/api/v1/dev/leads', payload: {} },
] as const;

describe.each([
  ['DATABASE_URL set and no DEV_TOOLS', { DATABASE_URL: 'postgres://portal@db.internal/portal' }, false],
  ['NODE_ENV=production, even with DEV_TOOLS=on', { NODE_ENV: 'production', DEV_TOOLS: 'on' }, false],
  ['the embedded database on loopback, by default', {}, true],
])('dev routes with %s', (_what, env, present) => {
  let t: TestApp;
  // A built app shell (the production build's index.html): with it, every other path without a
  // file extension answers the page, so a /dev/ page that is off must not (issue 47, item 5).
  const distDir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  beforeAll(async () => {
    // The flag as the server derives it from this environment; the database is the test's copy.
    t = await startApp('pglite', { devTools: loadConfig(env).devTools, distDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it(present ? 'are served' : 'all answer 404', async () => {
    for (const request of DEV_REQUESTS) {
      const res = await t.app.inject({
        ...request,
        payload: 'payload' in request ? request.payload : undefined,
      });
      if (present) expect(res.statusCode, request.url).not.toBe(404);
      else {
        expect(res.statusCode, request.url).toBe(404);
        expect(res.json(), request.url).toEqual({ errors: 'Not found' });
      }
    }
    // A client route still gets the app shell: only the dev pages are taken out of it.
    const shell = await t.app.inject({ method: 'GET', url: '/dashboard/leads' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<div id="root">');
  });
});

describe('registration links for a completed account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite');
  });
  afterAll(() => t?.close());

  const tokensOf = async (email: string) =>
    t.db
      .select({ id: registrationTokens.id })
      .from(registrationTokens)
      .innerJoin(users, eq(users.id, registrationTokens.user_id))
      .where(and(eq(users.email, email)));

  it('the dev invite route answers 422 with a clear message and mints nothing', async () => {
    const before = await tokensOf('owner@demo.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/invite',
      payload: { email: ' Owner@Demo.test ' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { email: [INVITE_SIGNUP_COMPLETED] } });
    expect(INVITE_SIGNUP_COMPLETED).toMatch(/already completed sign-up/);
    expect(await tokensOf('owner@demo.test')).toEqual(before);
  });

  it('the domain function (npm run invite) refuses it too', async () => {
    const refused = await inviteCustomer(t.db, { email: 'direct@demo.test' }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(422);
    expect(await tokensOf('direct@demo.test')).toEqual([]);
  });

  it('still invites a new email, and again while its sign-up is unfinished', async () => {
    const first = await inviteCustomer(t.db, { email: 'pending@example.test' });
    expect(first.created).toBe(true);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/invite',
      payload: { email: 'pending@example.test' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ user_id: first.user_id, created: false });
    expect(await tokensOf('pending@example.test')).toHaveLength(2);
  });
});
