/**
 * `npm run test:server` and `npm run test:e2e`: one vitest project (`node --import tsx
 * test/run-project.ts <project> [files...]`), and a second run of its own for the files a worker
 * process held when it died.
 *
 * Why: a worker process runs files with PGlite's WebAssembly in it (the server project's test
 * apps in worker threads, file after file; the e2e project's in-process servers, as
 * offline-random's). Now and then such a process dies with no JavaScript error and no message: a
 * use-after-free in V8's freeing of WebAssembly code (a core dump showed
 * `NativeModule::FreeCode` under `Runtime_TierUpWasmToJSWrapper`), outside the project's code and
 * out of its reach. Vitest then reports every other file, but the file that worker held neither
 * passed nor failed ("Worker exited unexpectedly") and the run fails, whatever its tests would
 * have said: once in a server run of CI, once in an e2e run.
 *
 * What: when a run's only errors are such exits and no test failed, the files that did not finish
 * run again, once, in a run of their own, and its result is the run's. A failed test, an error of
 * any other kind, or a second crash fails the run as before. The second run is announced with the
 * files it takes, so a crash is never silent.
 */
import { startVitest, type TestModule } from 'vitest/node';

const [PROJECT, ...FILES] = process.argv.slice(2);
if (!PROJECT) throw new Error('Usage: node --import tsx test/run-project.ts <project> [files...]');

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

const first = await run(FILES);
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
