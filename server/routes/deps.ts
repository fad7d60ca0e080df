import type { Config } from '../config';
import type { Db, DbHandle } from '../db/client';
import type { LiveBus } from '../domain/live-bus';

/** What every route module is given. */
export type RouteDeps = { db: Db; handle: DbHandle; config: Config; becomeSecret: string; live: LiveBus };
