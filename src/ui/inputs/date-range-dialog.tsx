/**
 * The 'Custom date' dialog of the date-range picker (spec part 3 §4: range calendar, two months,
 * no time, confirm button 'Ok'). Dates can be picked on the calendar or typed as MM/DD/YYYY; Ok
 * is enabled once both ends make a range that does not reach past today.
 *
 * The dialog's sheet skin (dialog.tsx): focus starts on the calendar's current day, Escape or a
 * press on the backdrop cancels, and focus goes back to what opened it.
 */
import { useId, useState } from 'react';
import { parseDisplayDate, toDisplayDate } from '../../lib/date-range';
import { Dialog } from '../dialog';
import { RangeCalendar } from './range-calendar';

export type DateRangeDialogProps = {
  start: string;
  end: string;
  /** The last day that can be picked: today in the customer's time zone. */
  max: string;
  onApply: (range: { start_date: string; end_date: string }) => void;
  onCancel: () => void;
};

type Which = 'start' | 'end';

export function DateRangeDialog({
  start: initialStart,
  end: initialEnd,
  max,
  onApply,
  onCancel,
}: DateRangeDialogProps) {
  const id = useId();
  const [start, setStart] = useState<string | null>(initialStart);
  const [end, setEnd] = useState<string | null>(initialEnd);
  const [focused, setFocused] = useState(initialEnd);
  const [text, setText] = useState({ start: toDisplayDate(initialStart), end: toDisplayDate(initialEnd) });
  const [typed, setTyped] = useState<Record<Which, boolean>>({ start: false, end: false });

  function pick(day: string) {
    const restart = !start || end !== null || day < start;
    const next = restart ? { start: day, end: null } : { start, end: day };
    setStart(next.start);
    setEnd(next.end);
    setText({ start: toDisplayDate(next.start), end: next.end ? toDisplayDate(next.end) : '' });
    setTyped({ start: false, end: false });
  }

  function type(which: Which, value: string) {
    setText((current) => ({ ...current, [which]: value }));
    const iso = parseDisplayDate(value);
    (which === 'start' ? setStart : setEnd)(iso);
    if (iso && iso <= max) setFocused(iso);
  }

  const problem = (which: Which): string | null => {
    const iso = which === 'start' ? start : end;
    if (!typed[which]) return null;
    if (!iso) return 'Enter a date as MM/DD/YYYY';
    if (iso > max) return `Pick a date on or before ${toDisplayDate(max)}`;
    if (which === 'end' && start && iso < start) return 'The end date must be on or after the start date';
    return null;
  };

  const valid = Boolean(start && end && start <= end && end <= max);
  const titleId = `${id}-title`;

  const dateInput = (which: Which, label: string) => {
    const inputId = `${id}-${which}`;
    const message = problem(which);
    return (
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {label}
        </label>
        <input
          id={inputId}
          className="input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="MM/DD/YYYY"
          value={text[which]}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${inputId}-error` : undefined}
          onChange={(event) => type(which, event.target.value)}
          onBlur={() => setTyped((current) => ({ ...current, [which]: true }))}
        />
        {message ? (
          <p id={`${inputId}-error`} className="field__error">
            {message}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <Dialog
      skin="sheet"
      className="date-dialog"
      aria-labelledby={titleId}
      onClose={onCancel}
      initialFocus={(dialog) => dialog.querySelector<HTMLElement>('.range-calendar__day[tabindex="0"]')}
    >
      <h2 id={titleId} className="date-dialog__title">
        Custom date
      </h2>
      <div className="date-dialog__inputs">
        {dateInput('start', 'Start date')}
        {dateInput('end', 'End date')}
      </div>
      <RangeCalendar
        id={`${id}-calendar`}
        start={start}
        end={end}
        focused={focused}
        onFocusedChange={setFocused}
        onPick={pick}
        max={max}
      />
      <div className="date-dialog__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={!valid}
          onClick={() => {
            if (start && end && valid) onApply({ start_date: start, end_date: end });
          }}
        >
          Ok
        </button>
      </div>
    </Dialog>
  );
}
