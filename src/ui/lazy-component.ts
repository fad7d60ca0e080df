/**
 * Lazily loaded pages that render at once when their chunk is already here.
 *
 * React's lazy() suspends on first render even when the chunk has arrived, and once the Suspense
 * fallback shows, React holds the content back for about 300 ms (its fallback throttle). A page
 * made with lazyPage() can be preloaded (`preload()`, e.g. alongside the session read at start or
 * when the visitor starts typing on /login); when it is loaded by the time it first renders, it
 * renders the module directly: no suspension, no spinner, no hold. Otherwise it suspends as lazy().
 *
 * Each mounted instance keeps the form it started with, so a page never remounts (and loses what
 * was typed) because its chunk arrived while it was on screen.
 */
import { type ComponentType, createElement, lazy, useState } from 'react';

type Module = { default: ComponentType };

export type LazyPage = ComponentType & { preload: () => Promise<void> };

export function lazyPage(load: () => Promise<Module>): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<Module> | undefined;
  const fetchModule = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // a later attempt (back online) may succeed
        throw error;
      },
    );
    return pending;
  };
  const Suspending = lazy(fetchModule);
  const Page = (props: object) => {
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Suspending, props);
  };
  return Object.assign(Page, {
    preload: () =>
      fetchModule().then(
        () => undefined,
        () => undefined,
      ),
  });
}
