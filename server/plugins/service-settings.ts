/**
 * How the server behaves as a service (issue 52): readiness, load shedding and shutdown limits,
 * from the environment. Defaults suit one instance on a small machine; every limit is a variable
 * so an operator can tune it to the machine and the orchestrator's own timeouts.
 *
 * - READY_TIMEOUT_MS (2000): how long /readyz waits for the database's answer.
 * - MAX_EVENT_LOOP_DELAY_MS (1000: the loop blocked for most of a second), and, unset by default,
 *   MAX_EVENT_LOOP_UTILIZATION (0-1, over each second), MAX_HEAP_USED_MB and MAX_RSS_MB: past any
 *   of them every request but /healthz answers 503 with Retry-After: PRESSURE_RETRY_AFTER_S (10).
 *   0 turns a limit off. Utilisation is off by default: one long report keeps a second busy
 *   without the instance being overloaded, and a fresh embedded database's seed (in-process in
 *   the tests) keeps it at 1 for a minute.
 * - SHUTDOWN_TIMEOUT_MS (20000): from SIGTERM to exit at most (exit 1 if it took longer): the drain,
 *   then the job worker's wait for running jobs (8 s at most), then closing the database (PGlite's
 *   thread up to 5 s) fit in it;
 *   SHUTDOWN_DRAIN_MS (5000, at most half of it): how long requests in flight get to finish.
 */
export type ServiceSettings = {
  readyTimeoutMs: number;
  pressure: {
    maxEventLoopDelayMs: number;
    maxEventLoopUtilization: number;
    maxHeapUsedBytes: number;
    maxRssBytes: number;
    retryAfterSeconds: number;
    /** How often the figures are sampled (under-pressure's sampleInterval). */
    sampleMs: number;
  };
  shutdownTimeoutMs: number;
  drainMs: number;
};

const MB = 1024 * 1024;

export function loadServiceSettings(env: NodeJS.ProcessEnv = process.env): ServiceSettings {
  const num = (name: string, fallback: number) => {
    const raw = env[name];
    const value = Number(raw);
    return raw !== undefined && raw !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  const shutdownTimeoutMs = Math.max(1000, num('SHUTDOWN_TIMEOUT_MS', 20_000));
  return {
    readyTimeoutMs: Math.max(100, num('READY_TIMEOUT_MS', 2000)),
    pressure: {
      maxEventLoopDelayMs: num('MAX_EVENT_LOOP_DELAY_MS', 1000),
      maxEventLoopUtilization: Math.min(1, num('MAX_EVENT_LOOP_UTILIZATION', 0)),
      maxHeapUsedBytes: num('MAX_HEAP_USED_MB', 0) * MB,
      maxRssBytes: num('MAX_RSS_MB', 0) * MB,
      retryAfterSeconds: Math.max(1, Math.round(num('PRESSURE_RETRY_AFTER_S', 10))),
      sampleMs: 1000,
    },
    shutdownTimeoutMs,
    drainMs: Math.min(num('SHUTDOWN_DRAIN_MS', 5000), shutdownTimeoutMs / 2),
  };
}

/** The settings of an app built without any (the tests'): no load shedding, default limits. */
export function unshedSettings(): ServiceSettings {
  const settings = loadServiceSettings({});
  return {
    ...settings,
    pressure: { ...settings.pressure, maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0 },
  };
}
