import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FilterField } from '../../../../src/api/contracts/toolbar';
import { NewFilterForm, VALUE_REQUIRED } from '../../../../src/ui/toolbar/new-filter-form';
import { useSearchInput } from '../../../../src/ui/toolbar/use-search-input';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('search timing', () => {
  it('fires 1 s after typing 2+ characters, never for 1, at once when picked or emptied', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    const { result } = renderHook(() => useSearchInput('', onSearch));
    act(() => result.current.type('s'));
    act(() => vi.advanceTimersByTime(2000));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => result.current.type('sm'));
    act(() => vi.advanceTimersByTime(999));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => result.current.type('smi'));
    act(() => vi.advanceTimersByTime(999));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenLastCalledWith('smi');
    act(() => result.current.pick('round rock'));
    expect(onSearch).toHaveBeenLastCalledWith('round rock');
    act(() => result.current.type(''));
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(onSearch).toHaveBeenCalledTimes(3);
  });
});

const fields: FilterField[] = [
  {
    label: 'Lead Type',
    name: 'lead_type',
    op: [{ name: 'equals', label: 'Equals' }],
    values: [
      { name: 'Call', label: 'Call' },
      { name: 'Form', label: 'Form' },
    ],
  },
  {
    label: 'Service',
    name: 'service',
    op: [
      { name: 'equals', label: 'Equals' },
      { name: 'not_equals', label: 'Does not equal' },
      { name: 'contains', label: 'Contains' },
    ],
    values: [{ name: 'HVAC', label: 'HVAC' }],
  },
  { label: 'City', name: 'city', op: [{ name: 'equals', label: 'Equals' }] },
];

describe('new filter', () => {
  it('requires a value, fixes the operator unless the field is service, and uses dropdowns for lists', () => {
    const onApply = vi.fn();
    render(<NewFilterForm fields={fields} onApply={onApply} onSave={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText(VALUE_REQUIRED)).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
    const operator = screen.getByLabelText('Operator') as HTMLSelectElement;
    expect(operator.disabled).toBe(true);
    expect((screen.getByLabelText('Value') as HTMLElement).tagName).toBe('SELECT');

    fireEvent.change(screen.getByLabelText('Field'), { target: { value: 'service' } });
    expect((screen.getByLabelText('Operator') as HTMLSelectElement).disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Operator'), { target: { value: 'contains' } });
    expect((screen.getByLabelText('Value') as HTMLElement).tagName).toBe('INPUT');
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: ' duct ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith([{ name: 'service', op: 'contains', value: 'duct' }]);

    fireEvent.change(screen.getByLabelText('Field'), { target: { value: 'city' } });
    expect((screen.getByLabelText('Value') as HTMLElement).tagName).toBe('INPUT');
  });

  it('after the first Apply, messages follow the edits and a new row says it is empty at once', () => {
    const onSave = vi.fn();
    render(<NewFilterForm fields={fields} onApply={vi.fn()} onSave={onSave} onCancel={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Field'), { target: { value: 'city' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Filter' }));
    expect(screen.getAllByText(VALUE_REQUIRED)).toHaveLength(1);
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: 'Austin' } });
    expect(screen.queryByText(VALUE_REQUIRED)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '+ Add condition' }));
    expect(screen.getAllByText(VALUE_REQUIRED)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove condition 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Filter' }));
    expect(onSave).toHaveBeenCalledWith([{ name: 'city', op: 'equals', value: 'Austin' }]);
  });
});
