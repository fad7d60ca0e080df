/**
 * The toolbar's text search timing (spec part 3 §4, §9): typing fires the search 1000 ms after the
 * last keystroke when there are at least 2 characters; emptying the box clears the search at once;
 * picking a recent query (or pressing Enter) fires at once. One character fires nothing.
 */
import { useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 1000;
export const SEARCH_MIN_LENGTH = 2;

export function useSearchInput(applied: string, onSearch: (query: string) => void) {
  const [text, setText] = useState(applied);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  // A search applied from elsewhere (a saved view, the URL) shows in the box.
  useEffect(() => setText(applied), [applied]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function fire(query: string) {
    clearTimeout(timer.current);
    latest.current(query);
  }

  function type(value: string) {
    setText(value);
    clearTimeout(timer.current);
    const query = value.trim();
    if (query === '') fire('');
    else if (query.length >= SEARCH_MIN_LENGTH)
      timer.current = setTimeout(() => fire(query), SEARCH_DEBOUNCE_MS);
  }

  function pick(query: string) {
    setText(query);
    fire(query.trim());
  }

  function submit() {
    const query = text.trim();
    if (query === '' || query.length >= SEARCH_MIN_LENGTH) fire(query);
  }

  return { text, type, pick, submit };
}
