import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination, pageWindow } from '../../../../src/ui/table/pagination';

afterEach(cleanup);

describe('pagination', () => {
  it('shows up to four pages from the one before the current, with first, last and gaps', () => {
    expect(pageWindow(1, 1)).toEqual([]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 7, 'gap', 10]);
    expect(pageWindow(10, 10)).toEqual([1, 'gap', 7, 8, 9, 10]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });

  it('is hidden with one page or fewer', () => {
    const { container } = render(
      <Pagination current={1} total={1} from={1} to={5} records={5} onPage={() => {}} />,
    );
    expect(container.textContent).toBe('');
  });

  it('says what is shown and moves between pages', () => {
    const onPage = vi.fn();
    render(<Pagination current={2} total={30} from={21} to={40} records={600} onPage={onPage} />);
    expect(screen.getByText('Showing 21-40 of 600')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 30' }));
    expect(onPage.mock.calls).toEqual([[3], [30]]);
  });
});
