/**
 * The chart every screen renders. Its drawing (echarts, about 195 KB gzip: ui/chart-draw.tsx, in
 * the `chart-*` chunk) is loaded only once the screen around it is painted, its reads have
 * answered and the pictures on screen have loaded, so a chart screen shows its figures, tiles,
 * tables and ads first and its charts after.
 *
 * - Until drawn, a chart is a box of exactly its final height (the width follows the layout, as
 *   the drawing's does), with a quiet skeleton look and the chart's label, `aria-busy` while its
 *   figures or its drawing are on their way (not while it waits to be scrolled to): swapping in
 *   the drawing moves nothing on the page.
 * - A chart is drawn after the next paint once its box comes near the viewport (one viewport's
 *   height ahead), not before: a chart far down a phone's screen costs its drawing (100-300 ms of
 *   main thread each at Lighthouse's 4x CPU slowdown) only when it is scrolled to. Once the browser
 *   is idle, the drawing's chunk is loaded (not drawn), so it is kept for offline use and a chart
 *   scrolled to later draws in its next frame. A chart whose figures are still on their way
 *   (`loading`) waits for them: the screen's figures come first.
 * - Once the chunk is here, the charts that wait draw one per frame, never all in one long task;
 *   a chart mounted after that draws in its first render (no placeholder, nothing moves).
 * - The chunk failing to load (offline before it was ever cached) leaves the box in place saying
 *   so in plain words; it is asked for again when the connection returns. The screen's figures
 *   and tables do not depend on it.
 */
import './chart.css';
import { type ComponentType, type CSSProperties, useEffect, useRef, useState } from 'react';
import { afterNextPaint } from '../lib/next-task';
import { afterScreenReads } from '../lib/reads-in-flight';
import type { ChartDrawProps, ChartOption } from './chart-draw';

export type { ChartOption } from './chart-draw';

export type ChartProps = {
  option: ChartOption;
  /** What the chart shows, for screen readers (the drawing itself is an image to them). */
  label: string;
  loading?: boolean;
  className?: string;
  /** The container's height; the width follows the layout. */
  height?: CSSProperties['height'];
};

type Draw = ComponentType<ChartDrawProps>;

/** The plain words a chart box shows when its drawing could not be loaded. */
export const CHART_TEXTS = {
  offline: 'Chart unavailable offline. It is drawn once you are back online.',
  failed: 'Chart unavailable: it could not be loaded. Reload the page to try again.',
} as const;

let loaded: Draw | undefined;
let pending: Promise<Draw> | undefined;

function loadDrawing(): Promise<Draw> {
  pending ??= import('./chart-draw').then(
    (module) => {
      loaded = module.ChartDraw;
      return loaded;
    },
    (error: unknown) => {
      pending = undefined; // a later attempt (back online) may succeed
      throw error;
    },
  );
  return pending;
}

/** Charts take turns: each waits for a frame after the one before it drew. */
let turn: Promise<void> = Promise.resolve();
function nextTurn(): Promise<void> {
  turn = turn.then(() => new Promise<void>((resolve) => afterNextPaint(resolve)));
  return turn;
}

/** Runs `task` when the browser is idle (at the latest `timeout` ms on). Answers the cancel. */
function whenIdle(task: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

/** The longest a chart waits for the pictures on screen. */
const PICTURES_WAIT_MS = 1500;

/**
 * Runs `task` once the pictures now on screen (in the viewport, not yet loaded: a report's ad
 * thumbnails) have loaded or failed, at most PICTURES_WAIT_MS on: the drawing's chunk (about 195
 * KB) never shares a phone's connection with what the screen shows first (issue 26: with a
 * screen's figures read early, the social report's chart was asked for while its ads loaded, and
 * their paint waited). Answers the cancel.
 */
function afterPictures(task: () => void): () => void {
  const pending = Array.from(document.getElementsByTagName('img')).filter((image) => {
    if (image.complete) return false;
    const box = image.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  });
  if (!pending.length) {
    task();
    return () => {};
  }
  let left = pending.length;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(limit);
    task();
  };
  const settle = () => {
    left -= 1;
    if (left <= 0) finish();
  };
  const limit = setTimeout(finish, PICTURES_WAIT_MS);
  for (const image of pending) {
    image.addEventListener('load', settle, { once: true });
    image.addEventListener('error', settle, { once: true });
  }
  return () => {
    done = true;
    clearTimeout(limit);
  };
}

/** How far ahead of the viewport a chart starts loading: a viewport's height above and below. */
const NEAR = '100% 0px';
const IDLE_TIMEOUT_MS = 3000;

/**
 * Calls `start` once the element is near the viewport, after the next paint, the screen's reads
 * (lib/reads-in-flight.ts: a section that reads once another has answered too) and the pictures
 * on screen (where the browser cannot tell, once it is idle); loads the drawing's chunk once the
 * browser is idle meanwhile.
 * Answers the cancel.
 */
function whenNear(element: HTMLElement, start: () => void): () => void {
  const cancels: (() => void)[] = [];
  let done = false;
  const cancel = () => {
    done = true;
    for (const stop of cancels) stop();
  };
  const go = () => {
    if (done) return;
    cancel();
    start();
  };
  const watch = () => {
    if (typeof IntersectionObserver !== 'function') {
      cancels.push(whenIdle(go, IDLE_TIMEOUT_MS));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) go();
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    cancels.push(() => observer.disconnect());
    // Failing here is fine: the chart asks again (and says so) when it comes near.
    cancels.push(whenIdle(() => void loadDrawing().catch(() => {}), IDLE_TIMEOUT_MS));
  };
  // After the next paint, the screen's reads and the pictures on screen (then a paint more: they are shown).
  const afterContent = () => cancels.push(afterPictures(() => cancels.push(afterNextPaint(watch))));
  cancels.push(afterNextPaint(() => cancels.push(afterScreenReads(afterContent))));
  return cancel;
}

export function Chart({ option, label, loading = false, className, height = 320 }: ChartProps) {
  // Whether the drawing was here at this chart's first render (then it draws at once).
  const [Drawing, setDrawing] = useState<Draw | undefined>(() => loaded);
  const [failed, setFailed] = useState(false);
  // Whether the drawing is on its way (the box came near): only then, or while the figures load,
  // is the box busy; a box waiting to be scrolled to is not.
  const [asked, setAsked] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (Drawing || failed || loading || !box.current) return;
    let live = true;
    const stop = whenNear(box.current, () => {
      setAsked(true);
      loadDrawing()
        .then(async (draw) => {
          await nextTurn();
          if (live) setDrawing(() => draw);
        })
        .catch(() => {
          if (live) setFailed(true);
        });
    });
    return () => {
      live = false;
      stop();
    };
  }, [Drawing, failed, loading]);

  // Back online: ask for the drawing again.
  useEffect(() => {
    if (!failed) return;
    const retry = () => {
      setFailed(false);
      setAsked(false); // asked again once near
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed]);

  if (Drawing)
    return <Drawing option={option} label={label} loading={loading} className={className} height={height} />;
  const classes = ['chart-box', failed ? 'chart-box--failed' : 'chart-box--waiting', className];
  return (
    <div ref={box} className={classes.filter(Boolean).join(' ')} style={{ height }}>
      {failed ? (
        <p className="chart-box__message">
          {typeof navigator !== 'undefined' && navigator.onLine === false
            ? CHART_TEXTS.offline
            : CHART_TEXTS.failed}
        </p>
      ) : (
        <div
          role="img"
          aria-label={label}
          aria-busy={loading || asked || undefined}
          className="chart-box__skeleton"
        />
      )}
    </div>
  );
}
