/**
 * What an operator reaches besides the API (issue 52, items 4 and 5), in one registration:
 * GET /metrics (ops/metrics.ts, off unless configured) and the backup socket `npm run backup`
 * talks to (ops/backup-socket.ts, embedded database only). Registered right after the app
 * context, before any route, so the metrics' request hooks see every route.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { backupSocketPlugin } from './backup-socket';
import { metricsPlugin } from './metrics';

export const operationsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(metricsPlugin);
    await app.register(backupSocketPlugin);
  },
  { name: 'operations', dependencies: ['app-context'] },
);
