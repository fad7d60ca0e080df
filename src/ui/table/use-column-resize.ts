/**
 * Column resizing for the data table: a pointer drag on a header's handle (or ArrowLeft/Right on
 * it, 10 px a press) changes the width live; the final width is reported once, when the drag ends
 * or the keys rest for a moment, so one resize is one saved width, not a request per pixel.
 * Widths are kept within the spec's bounds, as the contract states them (the server checks the
 * same): more than MIN_COLUMN_WIDTH (100) and at most MAX_COLUMN_WIDTH (600) px.
 */
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from '@/api/contracts/toolbar';

/** The smallest whole width the contract accepts (its bound is exclusive). */
export const MIN_WIDTH = MIN_COLUMN_WIDTH + 1;
export const MAX_WIDTH = MAX_COLUMN_WIDTH;
const KEY_STEP = 10;
const KEY_SETTLE_MS = 600;

export const clampWidth = (width: number) => Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)));

export function useColumnResize(onResize?: (column: string, width: number) => void) {
  const [live, setLive] = useState<Record<string, number>>({});
  const latest = useRef(onResize);
  latest.current = onResize;
  const keyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(keyTimer.current), []);

  function commit(column: string, width: number) {
    latest.current?.(column, clampWidth(width));
  }

  function start(event: PointerEvent<HTMLElement>, column: string, from: number) {
    event.preventDefault();
    event.stopPropagation();
    const handle = event.currentTarget;
    const startX = event.clientX;
    let width = from;
    handle.setPointerCapture?.(event.pointerId);
    const move = (e: globalThis.PointerEvent) => {
      width = clampWidth(from + e.clientX - startX);
      setLive((current) => ({ ...current, [column]: width }));
    };
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      if (width !== from) commit(column, width);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  }

  function key(event: KeyboardEvent<HTMLElement>, column: string, from: number) {
    const step = event.key === 'ArrowRight' ? KEY_STEP : event.key === 'ArrowLeft' ? -KEY_STEP : 0;
    if (step === 0) return;
    event.preventDefault();
    const width = clampWidth(from + step);
    setLive((current) => ({ ...current, [column]: width }));
    clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => commit(column, width), KEY_SETTLE_MS);
  }

  /** Forgets the live widths (the saved ones have arrived, or were reset). */
  const clear = () => setLive((current) => (Object.keys(current).length ? {} : current));

  return { live, start, key, clear };
}
