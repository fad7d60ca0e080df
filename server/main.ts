/**
 * Starts the portal: opens (and migrates) the database, seeds demo data on first start where the
 * configuration allows it (never in production, seed/index.ts seedOnStart), serves the API and
 * the built PWA on one port, and shuts down gracefully on SIGINT/SIGTERM. A new embedded database
 * is built in a child process that exits before the server opens it (seed/new-data-dir.ts).
 *
 * Exit codes, for a supervisor's restart policy (README "Running it"): 0 a shutdown asked for
 * (SIGTERM, SIGINT) that finished in time; 1 a failed start, an unexpected error, a shutdown past
 * SHUTDOWN_TIMEOUT_MS or a second signal; 2 a configuration error (restarting will not help);
 * 3 the database was lost while serving (PGlite's thread ended): restart it.
 */
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { ConfigError, isLoopback, loadConfig } from './config';

/**
 * Loading the server's modules keeps nearly everything it allocates (code, schemas, routes), and
 * V8 answers a young generation whose objects survive by doubling it, up to its 64 MB semi-spaces
 * on a machine with a few GB: 134 MB of the process's memory for good (V8 never shrinks it), more
 * than the app's whole heap (issue 26: 353 MB at rest on PostgreSQL, 229 MB without the growth).
 * So the young generation stays at its start size while the modules load and the database opens,
 * and may grow again (V8's default factor, 2) once the server listens, for the requests' garbage.
 * Only the growth factor is read at each growth; the sizes V8 fixes at start cannot be set here.
 */
const youngGenerationGrowth = (factor: number) => setFlagsFromString(`--semi-space-growth-factor=${factor}`);
youngGenerationGrowth(1);

// Every module is imported after the line above, so their loading runs under it.
const [{ openDb }, { isNewDataDir, seedNewDataDir }] = await Promise.all([
  import('./db/client'),
  import('./seed/new-data-dir'),
]);
// The server's other modules, loaded while the database opens; main() names what it takes of each.
const loadServer = () =>
  Promise.all([
    import('./app'),
    import('./demo/simulator'),
    import('./domain/campaigns/campaigns-sweep'),
    import('./ops/log-output'),
    import('./plugins/idempotency'),
    import('./seed/index'),
    import('./seed/people'),
    import('./plugins/service-settings'),
    import('close-with-grace'),
  ]);

/** The embedded database ended under the server: a restart brings it back (see the header). */
const EXIT_DATABASE_LOST = 3;

const DEMO_ACCOUNTS = [
  ['owner@demo.test', 'single-location HVAC business (live, SEO)'],
  ['franchise@demo.test', 'franchise with 28 locations (RevConnect)'],
  ['direct@demo.test', 'platform direct'],
  ['directories@demo.test', 'platforms bpr + fsr (badges, payable invoices)'],
  ['socius@demo.test', 'socius brand (restricted)'],
  ['multi@demo.test', 'live + direct + bpr, several linked accounts'],
];

async function main() {
  const started = Date.now();
  const config = loadConfig();
  // Libraries read NODE_ENV themselves: they see the value the configuration checked (`Production`
  // or `"production "` is production for them too).
  if (process.env.NODE_ENV !== undefined) process.env.NODE_ENV = config.nodeEnv;
  const dataDir = join(config.dataDir, 'pglite');
  const open = () => openDb({ databaseUrl: config.databaseUrl, dataDir, worker: config.pgliteWorker });
  const seedStarted = Date.now();
  // The database opens (a new embedded one is first built in its own process) while this thread
  // loads the server.
  const opening =
    !config.databaseUrl && config.seedDemo && isNewDataDir(dataDir)
      ? seedNewDataDir(dataDir, { seed: config.seed, today: config.today }, open)
      : open().then((opened) => ({ customers: null, opened }));
  const loading = loadServer();
  // Both settle before either fails the start: no worker or import is left running behind an exit.
  await Promise.allSettled([opening, loading]);
  const { customers, opened: handle } = await opening;
  const [
    { buildApp },
    { startSimulator },
    { scheduleCampaignSweep },
    { logOutput },
    { pruneIdempotencyKeys },
    { hasDemoAccounts, seedOnStart },
    { DEMO_PASSWORD, STAFF_EMAIL },
    { loadServiceSettings },
    { default: closeWithGrace },
  ] = await loading.catch(async (error: unknown) => {
    await handle.close().catch(() => {});
    throw error;
  });
  const seeded =
    customers ??
    (await seedOnStart(handle.db, config).catch(async (error: unknown) => {
      await handle.close().catch(() => {});
      throw error;
    }));
  const demo = config.nodeEnv !== 'production' && (seeded !== null || (await hasDemoAccounts(handle.db)));
  const service = loadServiceSettings();
  // Readable lines in a terminal, JSON lines otherwise (ops/log-output.ts).
  const app = await buildApp({ config, handle, service, logger: logOutput(config.logLevel) });
  if (seeded) app.log.info({ ms: Date.now() - seedStarted }, 'demo data created');
  await pruneIdempotencyKeys(handle.db);
  // Campaign changes left pending or pauses that ended while no server ran (domain/campaigns/campaigns-sweep.ts).
  await scheduleCampaignSweep(handle.db);

  // Shutdown (issue 52): on SIGTERM/SIGINT (or an uncaught error, or a lost database) the app drains
  // (plugins/drain.ts: readiness 503, live streams told to reconnect, requests in flight finished),
  // the job worker finishes or hands back its jobs, the database closes; a second signal, or
  // SHUTDOWN_TIMEOUT_MS passing, exits at once with 1.
  let databaseLost: Error | null = null;
  const shutdown = closeWithGrace(
    { delay: service.shutdownTimeoutMs, logger: { error: (message: unknown) => app.log.error(message) } },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'unexpected error: shutting down');
      else app.log.info({ signal, databaseLost: databaseLost?.message }, 'shutting down');
      await app.close().catch((error: unknown) => app.log.error({ err: error }, 'closing the app failed'));
      await handle.close().catch(() => {});
      if (databaseLost) process.exit(EXIT_DATABASE_LOST);
    },
  );
  // Every statement fails at once from here (503 to the requests in flight); exiting lets a
  // supervisor restart the process, which reopens the database, instead of serving errors forever.
  handle.onFailure((error) => {
    databaseLost = error;
    app.log.fatal({ err: error }, 'database lost: exiting for a restart');
    shutdown.close();
  });

  if (config.devToolsRefused)
    app.log.warn('DEV_TOOLS=on is ignored under NODE_ENV=production: the dev tools stay off');
  // Listening makes the app ready, which starts its job worker (server/jobs/plugin.ts; JOB_WORKER=off
  // to leave the jobs to other instances); app.close() in shutdown stops it, waiting for running jobs.
  await app.listen({ port: config.port, host: config.host });
  youngGenerationGrowth(2);
  // Fake demo activity: dev tools only, so never in production.
  if (config.simulator && config.devTools) startSimulator({ db: app.db, live: app.live, log: app.log });
  const url = `http://localhost:${config.port}`;
  const bound = config.host.includes(':')
    ? `[${config.host}]:${config.port}`
    : `${config.host}:${config.port}`;
  const lines = [
    '',
    `  Customer portal ready in ${Date.now() - started} ms on ${handle.kind === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL'}`,
    `  Listening on ${bound}${isLoopback(config.host) ? ' (this machine only; HOST=0.0.0.0 to serve the network)' : ''}`,
    `  Open ${url}`,
    ...(demo
      ? [
          `  Demo accounts (password ${DEMO_PASSWORD}):`,
          ...DEMO_ACCOUNTS.map(([email, what]) => `    ${email.padEnd(24)} ${what}`),
        ]
      : []),
    config.devTools
      ? `  Dev tools on (DEV_TOOLS=off to disable): mailbox ${url}/dev/mailbox   Impersonate: npm run become -- owner@demo.test (staff ${STAFF_EMAIL})`
      : '  Dev tools off (DEV_TOOLS=on to enable them outside production)',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  // A setting refused at start: the message says what to change, a stack would only hide it.
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
