/**
 * A searchable list read a page at a time by cursor (the location pickers of campaign creation
 * and of the service area task): what is typed becomes the query after a 1 second pause (at once
 * when cleared), and only from `minChars` characters; a new query starts again at the first page;
 * `more(next)` adds the page after the last (once, however often the end is reached).
 */
import { useCallback, useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from './toolbar/use-search-input';

export function usePagedSearch(minChars: number) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  useEffect(() => {
    const text = typed.trim();
    const timer = setTimeout(
      () => {
        setQuery(text.length >= minChars ? text : '');
        setCursors([undefined]);
      },
      text ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [typed, minChars]);
  const more = useCallback(
    (next: string) => setCursors((current) => (current.includes(next) ? current : [...current, next])),
    [],
  );
  return { typed, setTyped, query, cursors, more };
}
