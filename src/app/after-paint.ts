/**
 * Work that must not hold back the first screen (the toast container, the service worker's
 * registration, the offline core on the sign-in page) starts here: once the page has loaded and
 * the next frame has painted, and with `idle`, at the browser's first idle moment after that (at
 * the latest 2 s later). Called once the first screen has rendered, so that frame shows it.
 * Answers the cancel.
 */
export function afterFirstPaint(task: () => void, { idle = false } = {}): () => void {
  let cancelled = false;
  let idleId: number | undefined;
  const run = () => {
    if (!cancelled) task();
  };
  const whenIdle = () => {
    if (!idle) run();
    else if (typeof requestIdleCallback === 'function') idleId = requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 200);
  };
  const afterFrame = () => requestAnimationFrame(() => setTimeout(whenIdle));
  if (document.readyState === 'complete') afterFrame();
  else window.addEventListener('load', afterFrame, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterFrame);
    if (idleId !== undefined) cancelIdleCallback(idleId);
  };
}
