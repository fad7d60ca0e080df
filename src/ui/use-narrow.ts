/** Whether the screen is narrow (500 px or less, spec part 3 §9): follows resizes and rotation. */
import { useSyncExternalStore } from 'react';

export const NARROW_QUERY = '(max-width: 500px)';

const media = () =>
  typeof window === 'undefined' || !window.matchMedia ? null : window.matchMedia(NARROW_QUERY);

function subscribe(listener: () => void) {
  const list = media();
  list?.addEventListener('change', listener);
  return () => list?.removeEventListener('change', listener);
}

export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
