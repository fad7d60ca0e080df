/**
 * The metrics settings (GET /metrics, ops/metrics.ts): off unless one of these is set.
 *
 * - METRICS_TOKEN: /metrics on the API's port, answered only with `Authorization: Bearer <token>`.
 *   At least 32 characters: it guards figures about every customer's traffic.
 * - METRICS_PORT: /metrics on a port of its own (METRICS_HOST, 127.0.0.1 by default), for a
 *   scraper on this machine or a private network; with METRICS_TOKEN set too, that port asks for
 *   the token as well. It may not be the API's PORT.
 * A value that cannot be used stops the start with a message (ConfigError), like every setting.
 */
import { ConfigError } from '../config-rules';

export type MetricsSettings = {
  token: string | null;
  /** A separate listener, or null: /metrics on the API's port (token required). */
  port: number | null;
  host: string;
} | null;

const MIN_TOKEN = 32;

export function metricsFrom(env: NodeJS.ProcessEnv, apiPort: number): MetricsSettings {
  const token = env.METRICS_TOKEN?.trim() ?? '';
  const portText = env.METRICS_PORT?.trim() ?? '';
  if (!token && !portText) return null;
  if (token && token.length < MIN_TOKEN)
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${MIN_TOKEN} characters (e.g. the output of: openssl rand -hex 24).`,
    );
  let port: number | null = null;
  if (portText) {
    port = Number(portText);
    if (!/^\d+$/.test(portText) || port < 1 || port > 65_535)
      throw new ConfigError(
        `METRICS_PORT must be a port number from 1 to 65535 (got ${JSON.stringify(portText)}).`,
      );
    if (port === apiPort)
      throw new ConfigError(
        'METRICS_PORT must differ from PORT: leave it unset to serve /metrics on PORT with METRICS_TOKEN.',
      );
  }
  return { token: token || null, port, host: env.METRICS_HOST?.trim() || '127.0.0.1' };
}
