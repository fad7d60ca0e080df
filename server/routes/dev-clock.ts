/**
 * POST /dev/clock: moves the server's clock (server/lib/clock.ts) forward, so a browser test can
 * close a review window or expire a session without waiting for it.
 *
 * - Body `{ "advance_ms": number }` (finite, 0 to one year); answers `{ "now": ISO string }`, the
 *   server's new "now". Bad input is a 422 with per-field messages, like every other route.
 * - The route exists only when dev tools are on AND the environment says TEST_CLOCK=on, and never
 *   under NODE_ENV=production, even with DEV_TOOLS=on: a clock anyone can move would reopen closed
 *   review windows.
 */
import type { FastifyPluginAsync } from 'fastify';
import { max, min, number, object, string } from 'superstruct';
import type { Config } from '../config';
import { advanceClock } from '../lib/clock';
import type { StructTypeProvider } from '../lib/validation';

const YEAR_MS = 366 * 24 * 3600_000;

const ClockBody = object({ advance_ms: max(min(number(), 0), YEAR_MS) });
const ClockResponse = object({ now: string() });

/** Whether this server may have a movable clock (see the header; config.ts reads TEST_CLOCK). */
export const testClockEnabled = (config: Pick<Config, 'testClock'>) => config.testClock;

/** Registered by app.ts only when testClockEnabled(config); the route itself trusts that. */
export const devClockRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  app.post(
    '/dev/clock',
    { schema: { body: ClockBody }, config: { response: ClockResponse } },
    async (request) => ({
      now: advanceClock(request.body.advance_ms).toISOString(),
    }),
  );
};
