/**
 * Server configuration from the environment. Every knob has a default that runs the demo on a
 * fresh machine: PGlite in ./data, port 8080 on loopback, the built PWA in ./dist.
 *
 * Security-relevant defaults (README "Security settings"): the server binds 127.0.0.1 unless HOST
 * says otherwise; the dev tools (mailbox with live reset codes, invitations, emitter) are on only
 * for the embedded database on loopback, or when DEV_TOOLS=on, and never under NODE_ENV=production;
 * X-Forwarded-For is believed only from the proxies TRUST_PROXY names. A setting that would open a
 * hole silently (TRUST_PROXY=on, an unknown DEV_TOOLS value) stops the start with a message.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';

/** A start-up setting that cannot be used as given; main.ts prints the message and exits. */
export class ConfigError extends Error {}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  distDir: string;
  /** Demo-data seed and the seed's "today" (YYYY-MM-DD); today defaults to the real date. */
  seed: number;
  today?: string;
  simulator: boolean;
  /**
   * Dev-only pages and endpoints (mailbox, invitations, emitter): DEV_TOOLS=on|off; by default on
   * only for the embedded database (no DATABASE_URL) bound to loopback; never under NODE_ENV=production.
   */
  devTools: boolean;
  logLevel: string;
  session: { idleMinutes: number; absoluteHours: number };
  /** Sign-in / reset attempts allowed per window. */
  rateLimit: { windowMinutes: number; perAccountAndIp: number; perIp: number };
  /**
   * Whose X-Forwarded-For to believe (Fastify's `trustProxy`): false (nobody, the default), the
   * proxies' addresses / CIDRs, or a hop count (as the function Fastify makes of a number: trust
   * the `hops` nearest addresses).
   */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
  /**
   * The durable job queue's worker (server/jobs/): JOB_WORKER=off leaves this instance's share of
   * the work to others; JOB_POLL_MS between looks for due jobs (an enqueue wakes it at once);
   * JOB_LEASE_MS how long a claimed job stays this instance's without a renewal (a dead instance's
   * job runs again after it); JOB_CONCURRENCY jobs at once.
   */
  jobs: { worker: boolean; pollMs: number; leaseMs: number; concurrency: number };
};

const LOOPBACK_HOSTS = new Set(['localhost', '::1', '::ffff:127.0.0.1']);

/** Whether binding `host` keeps the server reachable from this machine only. */
export function isLoopback(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || (isIP(host) === 4 && host.startsWith('127.'));
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset / off = trust no X-Forwarded-For; a hop count (`1`); or a comma list of the
 * proxies' addresses / CIDRs (`127.0.0.1,10.0.0.0/8`, also `loopback`). `on` / `true` would let any
 * client choose its own address (and so escape the rate limits or lock out someone else), so it
 * is refused rather than guessed at.
 */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const raw = value?.trim() ?? '';
  if (raw === '' || raw === 'off' || raw === 'false') return false;
  if (raw === 'on' || raw === 'true')
    throw new ConfigError(
      `TRUST_PROXY=${raw} would believe any client's X-Forwarded-For. Set it to your proxies' addresses or ` +
        'CIDRs (TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8,192.168.1.5), or to the number of proxy hops ' +
        '(TRUST_PROXY=1), or leave it unset.',
    );
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops < 1) return false;
    return (_address: string, hop: number) => hop < hops;
  }
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length > 0)
    throw new ConfigError(
      `TRUST_PROXY: ${bad.join(', ')} is not an address, a CIDR or a hop count (e.g. TRUST_PROXY=10.0.0.1,10.1.0.0/16).`,
    );
  return entries;
}

/** DEV_TOOLS=on|off; unset: on only for the embedded database on loopback. Off in production, always. */
function devToolsEnabled(env: NodeJS.ProcessEnv, host: string): boolean {
  const asked = env.DEV_TOOLS?.trim() ?? '';
  if (asked !== '' && asked !== 'on' && asked !== 'off')
    throw new ConfigError(`DEV_TOOLS must be on or off (got ${JSON.stringify(asked)}).`);
  if (env.NODE_ENV === 'production') return false;
  if (asked === 'on') return true;
  if (asked === 'off') return false;
  return !env.DATABASE_URL && isLoopback(host);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const num = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isFinite(value) && env[name] !== '' && env[name] !== undefined ? value : fallback;
  };
  const host = env.HOST || '127.0.0.1';
  return {
    port: num('PORT', 8080),
    host,
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    seed: num('SEED', 20261122),
    today: env.SEED_TODAY || undefined,
    simulator: env.SIMULATOR !== 'off',
    devTools: devToolsEnabled(env, host),
    logLevel: env.LOG_LEVEL ?? 'info',
    session: {
      idleMinutes: num('SESSION_IDLE_MINUTES', 7 * 24 * 60),
      absoluteHours: num('SESSION_ABSOLUTE_HOURS', 30 * 24),
    },
    rateLimit: {
      windowMinutes: num('RATE_WINDOW_MINUTES', 15),
      perAccountAndIp: num('RATE_PER_ACCOUNT_IP', 5),
      perIp: num('RATE_PER_IP', 30),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    jobs: {
      worker: env.JOB_WORKER !== 'off',
      pollMs: Math.max(50, num('JOB_POLL_MS', 1000)),
      leaseMs: Math.max(1000, num('JOB_LEASE_MS', 60_000)),
      concurrency: Math.max(1, Math.floor(num('JOB_CONCURRENCY', 2))),
    },
  };
}
