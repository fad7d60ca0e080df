/**
 * `npm run test:server`: the server project (vitest.config.ts), and a second run of its own for
 * the files a worker process held when it died.
 *
 * Why: a worker of this project runs file after file (isolate: false), each file's test apps with
 * their PGlite WebAssembly instances in worker threads. About one run in eight here, and once in a
 * CI run, one worker process died with no JavaScript error and no message (a native crash of the
 * process, outside the project's code and out of its reach). Vitest then reports every other
 * file, but the file that worker held neither passed nor failed ("Worker exited unexpectedly") and
 * the run fails, whatever its tests would have said.
 *
 * What: when a run's only errors are such exits and no test failed, the files that did not finish
 * run again, once, in a run of their own, and its result is the run's. A failed test, an error of
 * any other kind, or a second crash fails the run as before. The second run is announced with the
 * files it takes, so a crash is never silent.
 */
import { startVitest, type TestModule } from 'vitest/node';

const PROJECT = 'server';

type Outcome = { failed: boolean; crashes: number; unfinished: string[] };

const finished = (module: TestModule) => ['passed', 'failed', 'skipped'].includes(module.state());

/** Whether an unhandled error is vitest's report of a worker process that died. */
function isWorkerExit(error: unknown): boolean {
  const text = (value: unknown) =>
    value && typeof value === 'object' && 'message' in value ? String(value.message) : '';
  const cause = error && typeof error === 'object' && 'cause' in error ? error.cause : undefined;
  return /Worker exited unexpectedly/.test(`${text(error)} ${text(cause)}`);
}

async function run(files: string[]): Promise<Outcome> {
  process.exitCode = 0;
  const vitest = await startVitest('test', files, { project: [PROJECT], run: true, watch: false });
  const modules = vitest.state.getTestModules();
  const errors = vitest.state.getUnhandledErrors();
  const failedRun = process.exitCode !== 0;
  await vitest.close();
  const crashes = errors.filter(isWorkerExit).length;
  const unfinished = modules.filter((module) => !finished(module)).map((module) => module.moduleId);
  const testFailed = modules.some((module) => module.state() === 'failed');
  const onlyCrashes = crashes > 0 && crashes === errors.length && !testFailed && unfinished.length > 0;
  return { failed: failedRun, crashes: onlyCrashes ? crashes : 0, unfinished };
}

const first = await run(process.argv.slice(2));
let failed = first.failed;
if (first.failed && first.crashes > 0) {
  console.log(
    `\n${first.crashes} worker process(es) of the ${PROJECT} tests died (no test failed); ` +
      `running the ${first.unfinished.length} file(s) they held once more:\n  ${first.unfinished.join('\n  ')}\n`,
  );
  const second = await run(first.unfinished);
  failed = second.failed || second.unfinished.length > 0;
}
// Explicitly: a test's leftover handle must not keep the run alive after its result is known.
process.exit(failed ? 1 : 0);
