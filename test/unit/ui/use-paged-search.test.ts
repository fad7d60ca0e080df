/**
 * The location pickers' search: the query follows what is typed after the pause, only from the
 * minimum length, at once when cleared; a new query starts at the first page; a page's cursor is
 * added once however often the list's end asks.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../../../src/ui/toolbar/use-search-input';
import { usePagedSearch } from '../../../src/ui/use-paged-search';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('usePagedSearch', () => {
  it('searches after the pause, from the minimum length, and clears at once', () => {
    const { result } = renderHook(() => usePagedSearch(3));
    act(() => result.current.setTyped('Ki'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current.query).toBe('');
    act(() => result.current.setTyped(' King '));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(result.current.query).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.query).toBe('King');
    act(() => result.current.setTyped(''));
    act(() => vi.advanceTimersByTime(0));
    expect(result.current.query).toBe('');
  });

  it('adds each next page once and starts again at the first page on a new query', () => {
    const { result } = renderHook(() => usePagedSearch(3));
    act(() => result.current.more('c2'));
    act(() => result.current.more('c2'));
    act(() => result.current.more('c3'));
    expect(result.current.cursors).toEqual([undefined, 'c2', 'c3']);
    act(() => result.current.setTyped('Dallas'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current.query).toBe('Dallas');
    expect(result.current.cursors).toEqual([undefined]);
  });
});
