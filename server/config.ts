/**
 * Server configuration from the environment. Every knob has a default that runs the demo on a
 * fresh machine: PGlite in ./data, port 8080 on loopback, the built PWA in ./dist.
 *
 * Security-relevant defaults (README "Security settings"): the server binds 127.0.0.1 unless HOST
 * says otherwise; the dev tools (mailbox with live reset codes, invitations, emitter) are on only
 * for the embedded database on loopback, or when DEV_TOOLS=on, and never under NODE_ENV=production;
 * the demo data (accounts with a published password) fills only an empty embedded database, or
 * any with SEED_DEMO=on, and never under NODE_ENV=production; X-Forwarded-For is believed only
 * from the proxies TRUST_PROXY names. A setting that would open a hole silently (TRUST_PROXY=on or
 * a range wider than /8 or /32, an unknown NODE_ENV, DEV_TOOLS or SEED_DEMO value, SEED_DEMO=on in
 * production) stops the start with a message.
 */
import { resolve } from 'node:path';
import { ConfigError, isLoopback, parseTrustProxy, type TrustProxy } from './config-rules';
import { type MetricsSettings, metricsFrom } from './ops/metrics-config';

export { ConfigError, isLoopback } from './config-rules';

/** NODE_ENV as checked here: case and spaces ignored, unset is development, anything else refused. */
export type NodeEnv = 'production' | 'development' | 'test';

export type Config = {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  distDir: string;
  /** Demo-data seed and the seed's "today" (YYYY-MM-DD); today defaults to the real date. */
  seed: number;
  today?: string;
  /**
   * Fill an empty database with the demo data at start (SEED_DEMO=on|off): by default only the
   * embedded database (no DATABASE_URL); never under NODE_ENV=production, where SEED_DEMO=on is
   * refused and a start over demo accounts that keep the demo password stops (seed/index.ts).
   */
  seedDemo: boolean;
  simulator: boolean;
  /**
   * Dev-only pages and endpoints (mailbox, invitations, emitter): DEV_TOOLS=on|off; by default on
   * only for the embedded database (no DATABASE_URL) bound to loopback; never under NODE_ENV=production.
   */
  devTools: boolean;
  /**
   * The movable clock's route (POST /dev/clock, routes/dev-clock.ts): TEST_CLOCK=on with the dev
   * tools on; never under NODE_ENV=production, even with DEV_TOOLS=on.
   */
  testClock: boolean;
  /** DEV_TOOLS=on asked for where it is refused (NODE_ENV=production): main.ts says so at start. */
  devToolsRefused: boolean;
  /**
   * BECOME_SECRET: the key of impersonation passes, the same on every instance; unset, a key file
   * made once in DATA_DIR (domain/auth/become.ts).
   */
  becomeSecret?: string;
  /**
   * SIGNUP_API_TOKEN (trimmed): keys the sign-up links and authorises the custom sign-up calls;
   * required under NODE_ENV=production (plugins/auth-contexts.ts signupSecret checks it as the app
   * is built).
   */
  signupApiToken?: string;
  /** PGLITE_WORKER=off runs the embedded database in the main thread (db/pglite-thread.ts says why not by default). */
  pgliteWorker: boolean;
  logLevel: string;
  session: { idleMinutes: number; absoluteHours: number };
  /** Sign-in / reset attempts allowed per window. */
  rateLimit: { windowMinutes: number; perAccountAndIp: number; perIp: number };
  /**
   * Whose X-Forwarded-For to believe (Fastify's `trustProxy`): false (nobody, the default), the
   * proxies' addresses / CIDRs, or a hop count (as the function Fastify makes of a number: trust
   * the `hops` nearest addresses).
   */
  trustProxy: TrustProxy;
  /**
   * The durable job queue's worker (server/jobs/): JOB_WORKER=off leaves this instance's share of
   * the work to others; JOB_POLL_MS between looks for due jobs (an enqueue wakes it at once);
   * JOB_LEASE_MS how long a claimed job stays this instance's without a renewal (a dead instance's
   * job runs again after it); JOB_CONCURRENCY jobs at once.
   */
  jobs: { worker: boolean; pollMs: number; leaseMs: number; concurrency: number };
  /**
   * Web Push: VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY (both or neither; unset, a pair is generated on
   * first start and kept in the database, shared by every instance on it), VAPID_SUBJECT (a
   * mailto: or https: contact for the push services). Subscriptions are accepted only for the
   * browser vendors' push services (PUSH_ENDPOINT_HOSTS adds host suffixes), never an address of
   * ours (the server POSTs to them). PUSH_TEST_SERVICE: the origin of a push service on loopback
   * (the tests'), accepted only with the dev tools on; no other loopback endpoint is ever accepted.
   */
  push: {
    vapid: { publicKey: string; privateKey: string } | null;
    subject: string;
    endpointHosts: string[];
    testService: string | null;
  };
  /**
   * Where uploaded files and export CSVs live (server/domain/storage/storage.ts): STORAGE=disk (the
   * default: under DATA_DIR/uploads) or STORAGE=s3, an S3-compatible bucket the browser uploads to
   * and downloads from through presigned URLs: S3_BUCKET (required), S3_REGION (us-east-1),
   * S3_ENDPOINT (unset for AWS; the store's URL for MinIO, R2, ...), S3_FORCE_PATH_STYLE=on
   * (bucket in the path instead of the host name), S3_ACCESS_KEY_ID + S3_SECRET_ACCESS_KEY (both
   * or neither; neither uses the AWS SDK's own chain: AWS_* variables, instance role),
   * S3_LINK_SECONDS how long a presigned download link works (900).
   */
  storage: StorageSettings;
  /** GET /metrics: METRICS_TOKEN and/or METRICS_PORT (ops/metrics-config.ts); null, off. */
  metrics: MetricsSettings;
};

export type S3Settings = {
  kind: 's3';
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  linkSeconds: number;
};
export type StorageSettings = { kind: 'disk' } | S3Settings;

function storageFrom(env: NodeJS.ProcessEnv): StorageSettings {
  const kind = env.STORAGE?.trim() || 'disk';
  if (kind === 'disk') return { kind };
  if (kind !== 's3') throw new ConfigError(`STORAGE must be disk or s3 (got ${JSON.stringify(kind)}).`);
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (!bucket) throw new ConfigError('STORAGE=s3 needs S3_BUCKET, the name of the bucket files go to.');
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint))
    throw new ConfigError(`S3_ENDPOINT must be an http(s) URL (got ${JSON.stringify(endpoint)}).`);
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim() || 'off';
  if (pathStyle !== 'on' && pathStyle !== 'off')
    throw new ConfigError(`S3_FORCE_PATH_STYLE must be on or off (got ${JSON.stringify(pathStyle)}).`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() ?? '';
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new ConfigError(
      'Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS SDK then finds them).',
    );
  const linkSeconds = Number(env.S3_LINK_SECONDS || 900);
  if (!Number.isInteger(linkSeconds) || linkSeconds < 1 || linkSeconds > 604_800)
    throw new ConfigError('S3_LINK_SECONDS must be a whole number of seconds from 1 to 604800 (7 days).');
  return {
    kind,
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint: endpoint?.replace(/\/+$/, ''),
    forcePathStyle: pathStyle === 'on',
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : undefined,
    linkSeconds,
  };
}

/** The push services of Chrome/Edge/Opera (FCM), Firefox, Edge (WNS) and Safari. */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

function vapidFrom(env: NodeJS.ProcessEnv): Config['push']['vapid'] {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? '';
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey)
    throw new ConfigError('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (URL-safe base64), or neither.');
  return { publicKey, privateKey };
}

/**
 * NODE_ENV, normalised: `Production` or `"production "` is production (it must never turn the dev
 * tools back on); unset is development; a value that is none of the three is refused, since what
 * it was meant to be cannot be known.
 */
function nodeEnvFrom(env: NodeJS.ProcessEnv): NodeEnv {
  const value = env.NODE_ENV?.trim().toLowerCase() ?? '';
  if (value === '') return 'development';
  if (value === 'production' || value === 'development' || value === 'test') return value;
  throw new ConfigError(
    `NODE_ENV must be production, development or test (got ${JSON.stringify(env.NODE_ENV)}). ` +
      'Set NODE_ENV=production on every deployed instance.',
  );
}

/** An on|off setting: '' when unset, else the value (anything else refused). */
function onOff(env: NodeJS.ProcessEnv, name: string): '' | 'on' | 'off' {
  const asked = env[name]?.trim() ?? '';
  if (asked !== '' && asked !== 'on' && asked !== 'off')
    throw new ConfigError(`${name} must be on or off (got ${JSON.stringify(asked)}).`);
  return asked;
}

/** DEV_TOOLS=on|off; unset: on only for the embedded database on loopback. Off in production, always. */
function devToolsEnabled(env: NodeJS.ProcessEnv, host: string, nodeEnv: NodeEnv): boolean {
  const asked = onOff(env, 'DEV_TOOLS');
  if (nodeEnv === 'production') return false;
  if (asked) return asked === 'on';
  return !env.DATABASE_URL && isLoopback(host);
}

/** SEED_DEMO=on|off; unset: only the embedded database. Never in production (on is refused there). */
function seedDemoEnabled(env: NodeJS.ProcessEnv, nodeEnv: NodeEnv): boolean {
  const asked = onOff(env, 'SEED_DEMO');
  if (nodeEnv === 'production') {
    if (asked === 'on')
      throw new ConfigError(
        'SEED_DEMO=on is refused under NODE_ENV=production: the demo accounts share the password the ' +
          'README publishes. Leave SEED_DEMO unset in production.',
      );
    return false;
  }
  if (asked) return asked === 'on';
  return !env.DATABASE_URL;
}

/** PUSH_TEST_SERVICE: a loopback origin for the tests' push service, with the dev tools only. */
function pushTestService(env: NodeJS.ProcessEnv, devTools: boolean): string | null {
  const value = env.PUSH_TEST_SERVICE?.trim() ?? '';
  if (value === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // refused below
  }
  const host = url?.hostname.replace(/^\[|\]$/g, '') ?? '';
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || !isLoopback(host))
    throw new ConfigError(
      `PUSH_TEST_SERVICE must be the http(s) origin of a push service on loopback (got ${JSON.stringify(value)}).`,
    );
  if (!devTools)
    throw new ConfigError('PUSH_TEST_SERVICE is for tests: it needs the dev tools on, never in production.');
  return url.origin;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const num = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isFinite(value) && env[name] !== '' && env[name] !== undefined ? value : fallback;
  };
  const host = env.HOST || '127.0.0.1';
  const nodeEnv = nodeEnvFrom(env);
  const devTools = devToolsEnabled(env, host, nodeEnv);
  return {
    nodeEnv,
    port: num('PORT', 8080),
    host,
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    seed: num('SEED', 20261122),
    today: env.SEED_TODAY || undefined,
    seedDemo: seedDemoEnabled(env, nodeEnv),
    simulator: env.SIMULATOR !== 'off',
    devTools,
    testClock: devTools && env.TEST_CLOCK === 'on' && nodeEnv !== 'production',
    devToolsRefused: env.DEV_TOOLS === 'on' && !devTools,
    becomeSecret: env.BECOME_SECRET || undefined,
    signupApiToken: env.SIGNUP_API_TOKEN?.trim() || undefined,
    pgliteWorker: env.PGLITE_WORKER !== 'off',
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
    push: {
      vapid: vapidFrom(env),
      subject: env.VAPID_SUBJECT || 'mailto:portal-admin@example.com',
      endpointHosts: [
        ...PUSH_SERVICE_HOSTS,
        ...(env.PUSH_ENDPOINT_HOSTS ?? '')
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ],
      testService: pushTestService(env, devTools),
    },
    storage: storageFrom(env),
    metrics: metricsFrom(env, num('PORT', 8080)),
  };
}
