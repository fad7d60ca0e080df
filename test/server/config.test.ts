/**
 * Security-relevant defaults of the server configuration (issue 15, README "Security settings"):
 * loopback bind, dev tools only for the embedded database on loopback (or DEV_TOOLS=on, never in
 * production), and X-Forwarded-For believed only from the proxies TRUST_PROXY names.
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
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
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
