/**
 * Lazily loaded components (pages, and forms opened from a screen) that render at once when their
 * chunk is already here.
 *
 * React's lazy() suspends on first render even when the chunk has arrived, and once the Suspense
 * fallback shows, React holds the content back for about 300 ms (its fallback throttle). A
 * component made with lazyComponent() can be preloaded (`preload()`, e.g. alongside the session
 * read at start or when the visitor starts typing on /login); when it is loaded by the time it
 * first renders, it renders the module directly: no suspension, no spinner, no hold. Otherwise it
 * suspends as lazy().
 *
 * Each mounted instance keeps the form it started with, so it never remounts (and loses what was
 * typed) because its chunk arrived while it was on screen. `preloadWhenIdle` loads chunks a screen
 * may open (a form in a menu, a modal) once the browser is idle, off the screen's first load.
 */
import { type ComponentType, createElement, lazy, useState } from 'react';
import { afterNextPaint } from '../lib/next-task';

type Module<P> = { default: ComponentType<P> };

/** Renewals of the lazy parts whose chunk failed to load, until a Retry asks again. */
const failedParts = new Set<() => void>();

/**
 * Lets every lazy part whose chunk failed to load ask for it again on its next render (an error
 * boundary's Retry: error-boundary.tsx). Until then a failed part keeps failing, without asking.
 */
export function retryFailedParts(): void {
  for (const renew of failedParts) renew();
  failedParts.clear();
}

export type LazyComponent<P extends object = object> = ComponentType<P> & {
  preload: () => Promise<void>;
};

export function lazyComponent<P extends object = object>(load: () => Promise<Module<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<Module<P>> | undefined;
  const fetchModule = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // a later attempt (back online) may succeed
        // React keeps a lazy component's failure: an error boundary's Retry swaps in a new one.
        failedParts.add(() => {
          Suspending = lazy(fetchModule);
        });
        throw error;
      },
    );
    return pending;
  };
  let Suspending = lazy(fetchModule);
  const Component = (props: P) => {
    const [ready] = useState(() => loaded);
    return createElement(ready ?? (Suspending as ComponentType<P>), props);
  };
  return Object.assign(Component, {
    preload: () =>
      fetchModule().then(
        () => undefined,
        () => undefined,
      ),
  });
}

/**
 * Preloads `components` at the browser's first idle moment once the next frame is painted (at the
 * latest 2 s after that): code a screen may open later never shares a phone's connection with
 * what that frame shows (issue 26: the profile's logo form, two chunks, was asked for in the idle
 * moment between Profile Details' render and its paint). Answers the cancel.
 */
export function preloadWhenIdle(...components: { preload: () => Promise<void> }[]): () => void {
  const run = () => {
    for (const component of components) void component.preload();
  };
  let cancelIdle = () => {};
  const cancelPaint = afterNextPaint(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(run, { timeout: 2000 });
      cancelIdle = () => cancelIdleCallback(id);
    } else {
      const timer = setTimeout(run, 200);
      cancelIdle = () => clearTimeout(timer);
    }
  });
  return () => {
    cancelPaint();
    cancelIdle();
  };
}
