/**
 * Server configuration from the environment. Every knob has a default that runs the demo on a
 * fresh machine: PGlite in ./data, port 8080, the built PWA in ./dist.
 */
import { resolve } from 'node:path';

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
  /** Dev-only pages and endpoints (mailbox, emitter). On unless NODE_ENV=production. */
  devTools: boolean;
  logLevel: string;
  session: { idleMinutes: number; absoluteHours: number };
  /** Sign-in / reset attempts allowed per window. */
  rateLimit: { windowMinutes: number; perAccountAndIp: number; perIp: number };
  trustProxy: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const num = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isFinite(value) && env[name] !== '' && env[name] !== undefined ? value : fallback;
  };
  return {
    port: num('PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    seed: num('SEED', 20261122),
    today: env.SEED_TODAY || undefined,
    simulator: env.SIMULATOR !== 'off',
    devTools: env.NODE_ENV !== 'production' || env.DEV_TOOLS === 'on',
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
    trustProxy: env.TRUST_PROXY === 'on',
  };
}
