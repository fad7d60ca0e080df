import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateRangePicker } from '../../../../src/ui/inputs/date-range-picker';
import '../../dialog-polyfill';

const select = () => screen.getByLabelText('Date range') as HTMLSelectElement;
const datesButton = () => screen.getByRole('button', { name: /Change dates/ });
const day = (iso: string) =>
  document.querySelector<HTMLButtonElement>(`[data-day="${iso}"]`) as HTMLButtonElement;

function openCustom() {
  fireEvent.change(select(), { target: { value: 'custom' } });
  return screen.getByRole('dialog', { name: 'Custom date' });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 13:00 on July 15 in Chicago.
  vi.setSystemTime(new Date('2025-07-15T18:00:00Z'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('DateRangePicker', () => {
  it('starts at month to date, shown as MM/DD/YYYY', () => {
    render(<DateRangePicker id="range" timeZone="ct" onChange={() => {}} />);
    expect(select().value).toBe('month');
    expect(select().selectedOptions[0].textContent).toBe('Month to date');
    expect(datesButton().textContent).toContain('07/01/2025 - 07/15/2025');
    expect([...select().options].map((o) => o.textContent)).toEqual([
      'Past 24 hours',
      'Past 7 days',
      'Month to date',
      'Custom date',
    ]);
  });

  it('counts days in the customer time zone', () => {
    vi.setSystemTime(new Date('2025-07-01T03:00:00Z'));
    render(<DateRangePicker id="range" timeZone="ct" onChange={() => {}} />);
    expect(datesButton().textContent).toContain('06/01/2025 - 06/30/2025');
  });

  it('emits presets with YYYY-MM-DD dates', () => {
    const onChange = vi.fn();
    render(<DateRangePicker id="range" timeZone="ct" onChange={onChange} />);
    fireEvent.change(select(), { target: { value: 'week' } });
    expect(onChange).toHaveBeenLastCalledWith({
      option: 'week',
      start_date: '2025-07-09',
      end_date: '2025-07-15',
    });
    fireEvent.change(select(), { target: { value: 'day' } });
    expect(onChange).toHaveBeenLastCalledWith({
      option: 'day',
      start_date: '2025-07-15',
      end_date: '2025-07-15',
    });
    fireEvent.change(select(), { target: { value: 'month' } });
    expect(onChange).toHaveBeenLastCalledWith({
      option: 'month',
      start_date: '2025-07-01',
      end_date: '2025-07-15',
    });
  });

  it('picks a custom range on the calendar and emits it on Ok', () => {
    const onChange = vi.fn();
    render(<DateRangePicker id="range" timeZone="ct" onChange={onChange} />);
    const dialog = openCustom();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('June 2025')).toBeTruthy();
    expect(within(dialog).getByText('July 2025')).toBeTruthy();
    fireEvent.click(day('2025-06-28'));
    const ok = within(dialog).getByRole('button', { name: 'Ok' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    fireEvent.click(day('2025-07-03'));
    expect(day('2025-06-28').getAttribute('aria-label')).toBe('Saturday, June 28, 2025, start date');
    expect(day('2025-07-01').getAttribute('aria-label')).toBe('Tuesday, July 1, 2025, selected');
    expect((within(dialog).getByLabelText('Start date') as HTMLInputElement).value).toBe('06/28/2025');
    expect((within(dialog).getByLabelText('End date') as HTMLInputElement).value).toBe('07/03/2025');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(ok);
    expect(onChange).toHaveBeenCalledWith({
      option: 'custom',
      start_date: '2025-06-28',
      end_date: '2025-07-03',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(select().value).toBe('custom');
    expect(datesButton().textContent).toContain('06/28/2025 - 07/03/2025');
  });

  it('accepts typed MM/DD/YYYY dates and refuses future ones', () => {
    const onChange = vi.fn();
    render(<DateRangePicker id="range" timeZone="ct" onChange={onChange} />);
    const dialog = openCustom();
    const start = within(dialog).getByLabelText('Start date');
    const end = within(dialog).getByLabelText('End date');
    fireEvent.change(start, { target: { value: '3/1/2025' } });
    fireEvent.change(end, { target: { value: '07/20/2025' } });
    fireEvent.blur(end);
    expect(within(dialog).getByText('Pick a date on or before 07/15/2025')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Ok' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(end, { target: { value: '03/31/2025' } });
    expect(within(dialog).getByText('March 2025')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(onChange).toHaveBeenCalledWith({
      option: 'custom',
      start_date: '2025-03-01',
      end_date: '2025-03-31',
    });
  });

  it('moves through the calendar with the keyboard', () => {
    render(<DateRangePicker id="range" timeZone="ct" onChange={() => {}} />);
    openCustom();
    expect(document.activeElement).toBe(day('2025-07-15'));
    expect(day('2025-07-15').tabIndex).toBe(0);
    act(() => {
      fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    });
    expect(document.activeElement).toBe(day('2025-07-14'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(day('2025-07-07'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'PageUp' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'PageUp' });
    expect(document.activeElement).toBe(day('2025-05-07'));
    expect(screen.getByText('May 2025')).toBeTruthy();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(day('2025-05-08'));
    expect(day('2025-05-08').tabIndex).toBe(0);
    expect(day('2025-05-07').tabIndex).toBe(-1);
  });

  // Tab staying inside is the browser's doing for a modal dialog (the top layer makes the page
  // behind it inert); happy-dom has no Tab navigation, so this checks it opens as a modal.
  it('opens as a modal dialog, cancels with Escape and gives focus back', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const onChange = vi.fn();
    render(<DateRangePicker id="range" timeZone="ct" onChange={onChange} />);
    select().focus();
    const dialog = openCustom();
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(showModal.mock.contexts[0]).toBe(dialog);
    expect((dialog as HTMLDialogElement).open).toBe(true);
    const ok = within(dialog).getByRole('button', { name: 'Ok' });
    ok.focus();
    fireEvent.keyDown(ok, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(select().value).toBe('month');
    expect(document.activeElement).toBe(select());
    showModal.mockRestore();
  });

  it('opens from the dates button and does not pick future days', () => {
    const onChange = vi.fn();
    render(<DateRangePicker id="range" timeZone="ct" onChange={onChange} />);
    fireEvent.click(datesButton());
    const dialog = screen.getByRole('dialog');
    expect(day('2025-07-16').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(day('2025-07-10'));
    fireEvent.click(day('2025-07-20'));
    expect((within(dialog).getByLabelText('End date') as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByRole('button', { name: 'Next month' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
