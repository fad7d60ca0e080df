/**
 * The leads table is memoised: the screen re-renders for each read that answers (settings,
 * filters, columns, the bell), and the rows render again only when something they show changes.
 * Its sort callback from the shared table query stays the same function from render to render.
 */
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeadRow } from '../../../../src/api/contracts/leads';
import { LeadsTable, type LeadsTableProps } from '../../../../src/features/leads/leads-table';
import { reviewCountdown } from '../../../../src/features/leads/review-countdown';
import { useTableQuery } from '../../../../src/widgets/toolbar/use-table-query';

vi.mock('../../../../src/features/leads/review-countdown', async (actual) => {
  const real = await actual<typeof import('../../../../src/features/leads/review-countdown')>();
  return { ...real, reviewCountdown: vi.fn(real.reviewCountdown) };
});

afterEach(() => {
  cleanup();
  vi.mocked(reviewCountdown).mockClear();
});

const row = (id: number, name: string): LeadRow => ({
  lead_id: id,
  lead_type: 'Call',
  ref_id: `LD-${id}`,
  created_at: new Date().toISOString(),
  review_status: null,
  data: [{ name: 'name', label: 'Name', value: name, width: null }],
});

const props: LeadsTableProps = {
  rows: [row(1, 'Ana Garcia'), row(2, 'Bo Lee')],
  columns: [{ name: 'name', label: 'Name', checked: true, width: 200 }],
  sort: { by: 'created_at', order: 'desc' },
  onSort: () => undefined,
  onOpen: () => undefined,
  marks: new Map(),
  now: Date.now(),
};

describe('the leads table', () => {
  it('does not render its rows again when the screen re-renders for something they do not show', () => {
    let rerenderScreen = () => {};
    let setNow = (_now: number) => {};
    function Screen() {
      const [, setTick] = useState(0);
      const [now, setNowState] = useState(props.now);
      rerenderScreen = () => setTick((t) => t + 1);
      setNow = setNowState;
      return <LeadsTable {...props} now={now} />;
    }
    render(<Screen />);
    expect(screen.getByRole('button', { name: 'Bo Lee' })).toBeTruthy();
    const perRender = vi.mocked(reviewCountdown).mock.calls.length;
    expect(perRender).toBeGreaterThan(0);

    act(() => rerenderScreen());
    act(() => rerenderScreen());
    expect(vi.mocked(reviewCountdown).mock.calls.length).toBe(perRender);

    // What the rows show (the countdown's clock) renders them again.
    act(() => setNow(props.now + 60_000));
    expect(vi.mocked(reviewCountdown).mock.calls.length).toBe(perRender * 2);
  });

  it('gets the same sort callback from the table query on every render, sorting by the latest first order', () => {
    const { result, rerender } = renderHook(({ first }) => useTableQuery('UTC', props.sort, () => first), {
      initialProps: { first: 'asc' as 'asc' | 'desc' },
    });
    const changeSort = result.current.changeSort;
    rerender({ first: 'desc' });
    expect(result.current.changeSort).toBe(changeSort);
    act(() => result.current.changeSort('name'));
    expect(result.current.sort).toEqual({ by: 'name', order: 'desc' });
  });
});
