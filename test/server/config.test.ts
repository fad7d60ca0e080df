/**
 * Security-relevant defaults of the server configuration (issues 15 and 29, README "Security
 * settings"): loopback bind, dev tools only for the embedded database on loopback (or
 * DEV_TOOLS=on, never in production, however NODE_ENV is spelt), demo data only for the embedded
 * database (or SEED_DEMO=on, never in production), X-Forwarded-For believed only from the proxies
 * TRUST_PROXY names (no range wider than /8 or /32), and a loopback push service only when named.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopback, loadConfig } from '../../server/config';

const PG = 'postgres://portal@db.internal/portal';

describe('HOST', () => {
  it('binds loopback unless HOST is set', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('knows loopback addresses from the others', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost', 'LOCALHOST'])
      expect(isLoopback(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'portal.example', '127.0.0.1.example'])
      expect(isLoopback(host), host).toBe(false);
  });
});

describe('DEV_TOOLS', () => {
  it.each([
    ['the embedded database on loopback (npm start)', {}, true],
    ['the embedded database on HOST=localhost', { HOST: 'localhost' }, true],
    ['the embedded database bound to every interface', { HOST: '0.0.0.0' }, false],
    ['PostgreSQL (DATABASE_URL) on loopback', { DATABASE_URL: PG }, false],
    ['PostgreSQL with DEV_TOOLS=on', { DATABASE_URL: PG, DEV_TOOLS: 'on' }, true],
    ['every interface with DEV_TOOLS=on', { HOST: '0.0.0.0', DEV_TOOLS: 'on' }, true],
    ['DEV_TOOLS=off on the embedded database', { DEV_TOOLS: 'off' }, false],
    ['NODE_ENV=production', { NODE_ENV: 'production' }, false],
    ['NODE_ENV=production even with DEV_TOOLS=on', { NODE_ENV: 'production', DEV_TOOLS: 'on' }, false],
  ])('%s: %s', (_what, env, on) => {
    expect(loadConfig(env).devTools).toBe(on);
  });

  it('refuses a value that is neither on nor off', () => {
    expect(() => loadConfig({ DEV_TOOLS: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEV_TOOLS: 'yes' })).toThrow('DEV_TOOLS must be on or off');
  });
});

describe('NODE_ENV', () => {
  it.each([
    ['Production', 'production'],
    ['production ', 'production'],
    [' PRODUCTION', 'production'],
    ['production', 'production'],
    ['test', 'test'],
    ['development', 'development'],
    ['Development', 'development'],
  ])('%j is %s; production keeps the dev tools off, even with DEV_TOOLS=on', (value, nodeEnv) => {
    const config = loadConfig({ NODE_ENV: value, DEV_TOOLS: 'on' });
    expect(config.nodeEnv).toBe(nodeEnv);
    expect(config.devTools).toBe(nodeEnv !== 'production');
    expect(loadConfig({ NODE_ENV: value }).devTools).toBe(nodeEnv !== 'production');
  });

  it('is development when unset or empty', () => {
    expect(loadConfig({}).nodeEnv).toBe('development');
    expect(loadConfig({ NODE_ENV: '' }).nodeEnv).toBe('development');
  });

  it('refuses any other value, with a message saying what to set', () => {
    for (const value of ['prod', 'staging', 'production-eu', 'prod uction']) {
      expect(() => loadConfig({ NODE_ENV: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: value }), value).toThrow(
        /NODE_ENV must be production, development or test.*NODE_ENV=production/,
      );
    }
  });
});

describe('SEED_DEMO', () => {
  it.each([
    ['the embedded database (npm start)', {}, true],
    ['the embedded database, SEED_DEMO=off', { SEED_DEMO: 'off' }, false],
    ['PostgreSQL (DATABASE_URL)', { DATABASE_URL: PG }, false],
    ['PostgreSQL with SEED_DEMO=on', { DATABASE_URL: PG, SEED_DEMO: 'on' }, true],
    ['NODE_ENV=production on the embedded database', { NODE_ENV: 'production' }, false],
    ['NODE_ENV=Production on the embedded database', { NODE_ENV: 'Production ' }, false],
    ['NODE_ENV=production on PostgreSQL', { NODE_ENV: 'production', DATABASE_URL: PG }, false],
    ['NODE_ENV=production, SEED_DEMO=off', { NODE_ENV: 'production', SEED_DEMO: 'off' }, false],
    ['NODE_ENV=test (the test runner)', { NODE_ENV: 'test' }, true],
  ])('%s: %s', (_what, env, on) => {
    expect(loadConfig(env).seedDemo).toBe(on);
  });

  it('refuses SEED_DEMO=on under NODE_ENV=production, and values other than on and off', () => {
    for (const env of [
      { NODE_ENV: 'production', SEED_DEMO: 'on' },
      { NODE_ENV: 'production', SEED_DEMO: 'on', DATABASE_URL: PG },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/SEED_DEMO=on is refused under NODE_ENV=production/);
    }
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow('SEED_DEMO must be on or off');
  });
});

describe('PUSH_TEST_SERVICE', () => {
  it('is unset by default: no loopback push service, even with the dev tools on', () => {
    expect(loadConfig({}).push.testService).toBeNull();
    expect(loadConfig({ DEV_TOOLS: 'on' }).push.testService).toBeNull();
  });

  it('names one loopback origin, with the dev tools on', () => {
    expect(loadConfig({ PUSH_TEST_SERVICE: 'https://127.0.0.1:4443/path' }).push.testService).toBe(
      'https://127.0.0.1:4443',
    );
  });

  it('is refused off loopback, with userinfo, or without the dev tools (production included)', () => {
    for (const env of [
      { PUSH_TEST_SERVICE: 'https://push.example:4443' },
      { PUSH_TEST_SERVICE: 'https://fcm.googleapis.com@127.0.0.1:4443' },
      { PUSH_TEST_SERVICE: 'ftp://127.0.0.1' },
      { PUSH_TEST_SERVICE: 'not a url' },
      { PUSH_TEST_SERVICE: 'https://127.0.0.1:4443', DEV_TOOLS: 'off' },
      { PUSH_TEST_SERVICE: 'https://127.0.0.1:4443', NODE_ENV: 'production' },
      { PUSH_TEST_SERVICE: 'https://127.0.0.1:4443', DATABASE_URL: PG },
    ])
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts nobody by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('refuses TRUST_PROXY=on, which would believe any client, with a message saying what to set', () => {
    for (const value of ['on', 'true']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /believe any client's X-Forwarded-For.*TRUST_PROXY=1/s,
      );
    }
  });

  it('takes a comma list of proxy addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,fd00::/32,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/32',
      'loopback',
    ]);
  });

  it('takes ranges down to /8 (IPv4) and /32 (IPv6), and IPv4-mapped ranges down to /104', () => {
    const entries = ['10.0.0.0/8', '2001:db8::/32', '::ffff:10.0.0.0/104', 'uniquelocal', '::ffff:10.1.2.3'];
    expect(loadConfig({ TRUST_PROXY: entries.join(',') }).trustProxy).toEqual(entries);
  });

  it('refuses wider ranges (which would also stop Fastify at /0) with a message saying what to set', () => {
    for (const value of [
      '0.0.0.0/0',
      '0.0.0.0/1',
      '128.0.0.0/7',
      '10.0.0.1,0.0.0.0/4',
      '::/0',
      '::/1',
      'fd00::/8',
      '2000::/31',
      '::ffff:0.0.0.0/96',
      '::ffff:0:0/100',
      '0:0:0:0:0:ffff:0:0/96',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /large part of the internet.*no wider than \/8 \(IPv4\) or \/32 \(IPv6\).*TRUST_PROXY=/s,
      );
    }
  });

  it('refuses what is not an address, a CIDR or a hop count', () => {
    for (const value of ['proxy.internal', '10.0.0.1,everyone', '10.0.0.0/33', '10.0.0.1/8/2', '-1'])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
  });

  it('takes a hop count: the nearest that many addresses are proxies', () => {
    const trust = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    expect(typeof trust).toBe('function');
    const fn = trust as (address: string, hop: number) => boolean;
    expect([fn('10.0.0.1', 0), fn('10.0.0.2', 1), fn('203.0.113.9', 2)]).toEqual([true, true, false]);
  });
});
