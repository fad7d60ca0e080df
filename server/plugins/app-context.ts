/**
 * What every plugin and route reaches through `app` instead of a deps bag: the database (`db`,
 * and its `dbHandle` for the few that need the driver), the live bus, the configuration and the
 * signing secret. Registered with fastify-plugin so the decorations are visible everywhere.
 *
 * - The live bus starts here and stops in onClose (its LISTEN connection on PostgreSQL).
 * - The database handle is NOT closed here: whoever opened it (server/main.ts, the test helpers)
 *   closes it after the app, since a test may share one handle between two apps.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db, DbHandle } from '../db/client';
import { becomeSecret } from '../domain/auth/become';
import { LiveBus } from '../domain/messaging/live-bus';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
    live: LiveBus;
    config: Config;
    /** Signs impersonation passes, download and recording links, and the payment sandbox's ids. */
    becomeSecret: string;
  }
}

export type AppContextOptions = { config: Config; handle: DbHandle };

export const appContext = fp(
  async (app: FastifyInstance, { config, handle }: AppContextOptions) => {
    const live = new LiveBus(handle);
    await live.start();
    app.decorate('db', handle.db);
    app.decorate('dbHandle', handle);
    app.decorate('live', live);
    app.decorate('config', config);
    app.decorate('becomeSecret', becomeSecret(config));
    app.addHook('onClose', () => live.stop());
  },
  { name: 'app-context' },
);
