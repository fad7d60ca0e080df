/**
 * X-Forwarded-For (issue 15): believed only from the proxies TRUST_PROXY names. A client that is
 * not one of them cannot choose its address with the header, so it can neither escape the
 * sign-in limits nor spend someone else's; behind a configured proxy the client's address (the
 * nearest one the proxy appended) is what the limits count, whatever the client prepended.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { authAttempts } from '../../server/db/schema/identity';
import { startApp, type TestApp } from './helpers';

const PROXY = '10.0.0.1';
/** Two wrong passwords per (account, address) and the third is refused. */
const rateLimit = { windowMinutes: 15, perAccountAndIp: 2, perIp: 30 };

function wrongSignIn(t: TestApp, email: string, remoteAddress: string, forwardedFor?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/client/create_session',
    payload: { email, password: 'not-the-password' },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

async function attemptAddresses(t: TestApp, email: string) {
  const rows = await t.db
    .select({ ip: authAttempts.ip })
    .from(authAttempts)
    .where(and(eq(authAttempts.kind, 'sign_in'), eq(authAttempts.account, email)))
    .orderBy(authAttempts.id);
  return [...new Set(rows.map((row) => row.ip))];
}

describe.each([
  ['unset (the default)', undefined],
  ['a proxy list', `${PROXY},10.2.0.0/16`],
])('TRUST_PROXY %s: a spoofed X-Forwarded-For from an untrusted peer changes nothing', (_what, value) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite', { trustProxy: loadConfig({ TRUST_PROXY: value }).trustProxy, rateLimit });
  });
  afterAll(() => t?.close());

  it('keys the sign-in limit on the real address, however the header varies', async () => {
    const email = 'spoofer@demo.test';
    expect((await wrongSignIn(t, email, '203.0.113.7', '198.51.100.1')).statusCode).toBe(422);
    expect((await wrongSignIn(t, email, '203.0.113.7', '198.51.100.2')).statusCode).toBe(422);
    const third = await wrongSignIn(t, email, '203.0.113.7', '198.51.100.3');
    expect(third.statusCode).toBe(429);
    expect(await attemptAddresses(t, email)).toEqual(['203.0.113.7']);
  });

  it("cannot spend another address's limit by naming it", async () => {
    const email = 'victim@demo.test';
    for (let i = 0; i < 3; i++) await wrongSignIn(t, email, '203.0.113.8', '192.0.2.50');
    // The victim, at 192.0.2.50, still gets their own two tries.
    expect((await wrongSignIn(t, email, '192.0.2.50')).statusCode).toBe(422);
    expect(await attemptAddresses(t, email)).toEqual(['203.0.113.8', '192.0.2.50']);
  });
});

describe('TRUST_PROXY with the proxy addresses: honoured from a configured proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite', {
      trustProxy: loadConfig({ TRUST_PROXY: `${PROXY},10.2.0.0/16` }).trustProxy,
      rateLimit,
    });
  });
  afterAll(() => t?.close());

  it("counts each client behind the proxy on the client's own address", async () => {
    const email = 'proxied@demo.test';
    expect((await wrongSignIn(t, email, PROXY, '198.51.100.10')).statusCode).toBe(422);
    expect((await wrongSignIn(t, email, PROXY, '198.51.100.10')).statusCode).toBe(422);
    expect((await wrongSignIn(t, email, PROXY, '198.51.100.10')).statusCode).toBe(429);
    // Another client through the same proxy has its own limit.
    expect((await wrongSignIn(t, email, PROXY, '198.51.100.11')).statusCode).toBe(422);
    // A proxy inside a trusted CIDR, chained behind the first, is looked through too.
    expect((await wrongSignIn(t, email, PROXY, '198.51.100.12, 10.2.3.4')).statusCode).toBe(422);
    expect(await attemptAddresses(t, email)).toEqual(['198.51.100.10', '198.51.100.11', '198.51.100.12']);
  });

  it('ignores what a client prepends to the header before the proxy appends its address', async () => {
    const email = 'prepender@demo.test';
    for (const spoofed of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      await wrongSignIn(t, email, PROXY, `${spoofed}, 198.51.100.20`);
    }
    expect((await wrongSignIn(t, email, PROXY, '192.0.2.4, 198.51.100.20')).statusCode).toBe(429);
    expect(await attemptAddresses(t, email)).toEqual(['198.51.100.20']);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite', { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy, rateLimit });
  });
  afterAll(() => t?.close());

  it('takes the address the one proxy appended, not what the client wrote before it', async () => {
    const email = 'hops@demo.test';
    await wrongSignIn(t, email, '10.9.9.9', '192.0.2.1, 198.51.100.30');
    expect(await attemptAddresses(t, email)).toEqual(['198.51.100.30']);
  });
});
