import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from '../../../../src/ui/table/data-table';

afterEach(cleanup);

type Row = { id: number; name: string };
const rows: Row[] = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, name: `Lead ${i + 1}` }));
const columns = [
  { name: 'name', label: 'Name', width: 200, sortable: true },
  { name: 'id', label: 'Id', width: null },
];

const table = (props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) =>
  render(
    <DataTable<Row>
      caption="Leads"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      cell={(r, c) => (c === 'name' ? r.name : String(r.id))}
      {...props}
    />,
  );

describe('data table', () => {
  it('renders only the rows in view out of 10,000', () => {
    table();
    const rendered = document.querySelectorAll('.data-table__row');
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThan(60);
    expect(screen.getByText('Lead 1')).toBeTruthy();
    expect(screen.queryByText('Lead 9000')).toBeNull();
  });

  it('pins trailing action columns to the right edge, the last one at 0', () => {
    render(
      <DataTable<Row>
        caption="Invoices"
        columns={[
          { name: 'name', label: 'Name', width: 200 },
          { name: 'id', label: 'Id', width: 120, pinEnd: true },
          { name: 'pay', label: 'Pay', width: 110, pinEnd: true },
        ]}
        rows={rows.slice(0, 2)}
        rowKey={(r) => r.id}
        cell={(r, c) => (c === 'name' ? r.name : String(r.id))}
      />,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers[0].className).not.toContain('data-table__pinned');
    expect(headers[1].style.right).toBe('110px');
    expect(headers[2].style.right).toBe('0px');
    const cells = document.querySelectorAll('.data-table__row')[0].querySelectorAll('td');
    expect([...cells].map((td) => td.classList.contains('data-table__pinned'))).toEqual([false, true, true]);
  });

  it('sorts from the header and says the order', () => {
    const onSort = vi.fn();
    table({ sort: { by: 'name', order: 'asc' }, onSort });
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenCalledWith('name');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('resizes with Alt+Arrow on the header within 101-600 px and reports the final width once', () => {
    vi.useFakeTimers();
    const onResize = vi.fn();
    table({ onResize, onSort: vi.fn() });
    const header = screen.getByRole('button', { name: 'Name' });
    expect(header.getAttribute('aria-keyshortcuts')).toBe('Alt+ArrowLeft Alt+ArrowRight');
    // The pointer's handle stays out of the tab order.
    expect(screen.getByRole('separator', { name: 'Resize Name' }).hasAttribute('tabindex')).toBe(false);
    fireEvent.keyDown(header, { key: 'ArrowRight' });
    vi.advanceTimersByTime(1000);
    expect(onResize).not.toHaveBeenCalled();
    for (let i = 0; i < 50; i++) fireEvent.keyDown(header, { key: 'ArrowRight', altKey: true });
    vi.advanceTimersByTime(1000);
    expect(onResize).toHaveBeenCalledTimes(1);
    expect(onResize).toHaveBeenCalledWith('name', 600);
    for (let i = 0; i < 80; i++) fireEvent.keyDown(header, { key: 'ArrowLeft', altKey: true });
    vi.advanceTimersByTime(1000);
    expect(onResize).toHaveBeenLastCalledWith('name', 101);
    vi.useRealTimers();
  });

  it('drops a dragged width when new widths arrive (Table Config Reset redraws at once)', () => {
    vi.useFakeTimers();
    const onResize = vi.fn();
    const { rerender } = table({ onResize, onSort: vi.fn() });
    const header = screen.getByRole('button', { name: 'Name' });
    for (let i = 0; i < 5; i++) fireEvent.keyDown(header, { key: 'ArrowRight', altKey: true });
    const handle = () => screen.getByRole('separator', { name: 'Resize Name' });
    expect(handle().getAttribute('aria-valuenow')).toBe('250');
    rerender(
      <DataTable<Row>
        caption="Leads"
        columns={[{ ...columns[0], width: 180 }, columns[1]]}
        rows={rows}
        rowKey={(r) => r.id}
        cell={(r, c) => (c === 'name' ? r.name : String(r.id))}
        onResize={onResize}
        onSort={vi.fn()}
      />,
    );
    expect(handle().getAttribute('aria-valuenow')).toBe('180');
    vi.useRealTimers();
  });

  it('says so when there is nothing to show', () => {
    table({ rows: [] });
    expect(screen.getByText('No data available')).toBeTruthy();
  });

  it('draws skeleton rows while the first rows load, and shows a load error instead of the empty text', () => {
    const { rerender } = table({ rows: [], loading: true });
    expect(document.querySelectorAll('.data-table__skeleton').length).toBe(5);
    expect(screen.queryByText('No data available')).toBeNull();
    rerender(
      <DataTable<Row>
        caption="Leads"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        cell={() => ''}
        error={<p>Could not load</p>}
      />,
    );
    expect(document.querySelectorAll('.data-table__skeleton').length).toBe(0);
    expect(screen.getByText('Could not load')).toBeTruthy();
    expect(screen.queryByText('No data available')).toBeNull();
  });
});
