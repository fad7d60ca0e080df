/**
 * A vitest reporter that names, at the end of every run, each test that passed or failed only on
 * its retry (`retry: 1` in vitest.config.ts). A retry hides a defect (a wait on a moment a fast
 * machine can skip, a budget a loaded one cannot keep): it must be read, not scrolled past, so the
 * list is printed apart from the default report, and "No test needed a retry." says so when clean.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class RetryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const retried: string[] = [];
    for (const module of modules)
      for (const test of module.children.allTests()) {
        const retries = test.diagnostic()?.retryCount ?? 0;
        if (retries > 0)
          retried.push(
            `${relative(process.cwd(), module.moduleId)} > ${test.fullName}: ${test.result().state} after ${retries} retr${retries === 1 ? 'y' : 'ies'}`,
          );
      }
    if (retried.length === 0) console.log('\nNo test needed a retry.');
    else
      console.log(
        `\nTests that needed a retry (${retried.length}; each is a defect to fix):\n  ${retried.join('\n  ')}`,
      );
  }
}
