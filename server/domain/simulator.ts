/**
 * Transitional: server/main.ts still starts the demo simulator from here as (app, db). The
 * simulator itself is server/demo/simulator.ts and needs the app's own live bus, which this reads
 * from the `live` decoration (plugins/app-context.ts); without one it stays off and says so rather
 * than publish through a second bus that would wake nobody. Delete this file when main.ts calls
 * `startSimulator({ db: app.db, live: app.live, log: app.log })` from './demo/simulator'.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { type SimulatorOptions, startSimulator as startDemoSimulator } from '../demo/simulator';
import type { LiveBus } from './live-bus';

export function startSimulator(app: FastifyInstance, db: Db, options: SimulatorOptions = {}): () => void {
  const live = (app as unknown as { live?: LiveBus }).live;
  if (!live) {
    app.log.warn('demo simulator off: the app has no `live` decoration to publish through');
    return () => {};
  }
  return startDemoSimulator({ db, live, log: app.log }, options);
}
