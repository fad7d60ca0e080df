/**
 * Suggestions for the address autocomplete (spec part 1 §5, §9): nothing under 3 characters, one
 * request 300 ms after the last keystroke, US places only (the server's data set).
 *
 * - A newer query aborts the request in flight, and a late answer to an old query is dropped, so
 *   the list always belongs to the text in the field.
 * - Failures become a status ('offline' or 'failed') for the field to explain; they never throw
 *   and never touch what the user typed.
 */

import { useCallback, useEffect, useRef, useState } from 'react';
import { isOffline } from '@/sync/connectivity';
import { PLACES_MIN_CHARS, type PlacePrediction } from '../../api/contracts/places';
import type { SuggestionStatus } from '../../ui/inputs/address-combobox';
import { getPlaces } from './places-api';

export const PLACES_DEBOUNCE_MS = 300;

type State = { status: SuggestionStatus; predictions: PlacePrediction[]; query: string };

const IDLE: State = { status: 'idle', predictions: [], query: '' };

export function usePlaceSuggestions() {
  const [state, setState] = useState<State>(IDLE);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  const search = useCallback(
    (text: string) => {
      cancel();
      const query = text.trim();
      if (query.length < PLACES_MIN_CHARS) {
        setState(IDLE);
        return;
      }
      timer.current = setTimeout(async () => {
        const controller = new AbortController();
        inFlight.current = controller;
        setState((previous) => ({ ...previous, status: 'loading', query }));
        // Known to be offline before asking: say so. A lookup that fails while the app believed it
        // was online says the lookup failed (it may be only the suggestions that are down).
        const offlineBefore = isOffline();
        try {
          const predictions = await getPlaces(query, controller.signal);
          if (!controller.signal.aborted) setState({ status: 'ready', predictions, query });
        } catch {
          if (controller.signal.aborted) return;
          setState({ status: offlineBefore ? 'offline' : 'failed', predictions: [], query });
        } finally {
          if (inFlight.current === controller) inFlight.current = null;
        }
      }, PLACES_DEBOUNCE_MS);
    },
    [cancel],
  );

  const reset = useCallback(() => {
    cancel();
    setState(IDLE);
  }, [cancel]);

  return { ...state, search, reset };
}
