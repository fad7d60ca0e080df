/**
 * The screen's reads go first (issue 26). Work that the screen does not show starts once the
 * screen's reads have answered, so on a phone's few connections it never queues beside them. That
 * work is the onboarding tool's identify call, the bell's refresh (it shows the device's copy
 * meanwhile), the toast container's code, and the service worker's registration with its
 * precache. Not the live channel (main.tsx says why).
 *
 * - A screen's read counts from its effect (sync/use-cached-read.ts `readInFlight`), so a screen
 *   that has committed has its reads counted before its first paint. It stops counting once its
 *   answer is rendered (the reads of what that answer mounts are counted by then), or once it has
 *   been dropped.
 * - `afterScreenReads(task)` runs `task` in a task of its own once the app's first screen has
 *   committed (`screenShown`, from the app's first effect) and no read is counted. A read that
 *   hangs holds it at most `limitMs` (READS_WAIT_MS).
 * - A screen still waiting for its code has not counted its reads yet, so the work then goes
 *   after the shell's reads only.
 *
 * Gain (user-visible, issue 49's bench): with this gate off (the work in the next task), the
 * throttled-phone LCP (Lighthouse mobile, owner, cold, by turns with the gate on, 2 runs each on a
 * noisy shared machine) was 215-630 ms later on the performance summary, QSP, invoices and profile,
 * within the noise on the leads (+40 ms) and overview (-155 ms): the service worker's precache and
 * the bell's list otherwise share a phone's connection with the screen's reads.
 */

/** The longest the work waits for the screen's reads. */
export const READS_WAIT_MS = 3000;

let counted = 0;
let shown = false;
const waiting = new Set<() => void>();

function settle() {
  if (!shown || counted > 0) return;
  for (const run of [...waiting]) run();
}

/** The app's first screen has committed (its reads, if its code was here, are counted). */
export function screenShown(): void {
  shown = true;
  settle();
}

/** Counts one of the screen's reads until the answer is called (more calls change nothing). */
export function readInFlight(): () => void {
  counted += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    counted -= 1;
    // Looked at in a task of its own: a read this answer's commit or its effects' updates start
    // (a list that waited for the settings) is counted by then.
    setTimeout(settle, 0);
  };
}

/**
 * Runs `task` once the first screen is shown and no screen read is in flight (at most `limitMs`
 * on). Answers the cancel.
 */
export function afterScreenReads(task: () => void, limitMs = READS_WAIT_MS): () => void {
  let cancelled = false;
  const stop = () => {
    waiting.delete(run);
    clearTimeout(limit);
  };
  // A task of its own: never inside the answer that made the count reach zero.
  function run() {
    stop();
    setTimeout(() => {
      if (!cancelled) task();
    }, 0);
  }
  const limit = setTimeout(run, limitMs);
  waiting.add(run);
  settle();
  return () => {
    cancelled = true;
    stop();
  };
}
