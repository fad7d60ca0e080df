/**
 * Runs the job worker with the app: started when the app is ready (server/main.ts's listen, a
 * test's ready()), stopped when it closes (graceful shutdown waits for running jobs, then hands
 * the rest back). `JOB_WORKER=off` runs an instance that serves the API and enqueues, but leaves
 * the work to other instances. Registered after the app context (it needs db, live, config).
 * Every instance makes sure the recurring jobs (queue.ts `every`: pruning, sweeps) are scheduled
 * when it is ready, so they run with at least one worker anywhere.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import './prune';
import { scheduleRecurringJobs } from './queue';
import { JobWorker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's job worker (null with JOB_WORKER=off). */
    jobWorker: JobWorker | null;
  }
}

export const jobWorkerPlugin = fp(
  async (app: FastifyInstance) => {
    const { worker: enabled, ...timing } = app.config.jobs;
    const worker = enabled
      ? new JobWorker({ handle: app.dbHandle, live: app.live, config: app.config, log: app.log, ...timing })
      : null;
    app.decorate('jobWorker', worker);
    app.addHook('onReady', () => scheduleRecurringJobs(app.db));
    if (!worker) return;
    app.addHook('onReady', () => worker.start());
    // Before the app context's onClose (the live bus): hooks of a later plugin run first.
    app.addHook('onClose', () => worker.stop());
  },
  { name: 'job-worker', dependencies: ['app-context'] },
);
