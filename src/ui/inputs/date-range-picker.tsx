/**
 * The date-range filter of the reports, leads and invoices screens (spec part 1 §3, part 3 §4):
 * Past 24 hours, Past 7 days, Month to date (the default) or Custom date, shown as MM/DD/YYYY and
 * emitted as {option, start_date, end_date} with YYYY-MM-DD dates.
 *
 * - Presets are computed from today in the customer's time zone (`timeZone`: the user settings'
 *   code such as 'ct', or an IANA name), so they match the server's days.
 * - Choosing Custom date, or the dates button, opens the calendar dialog; nothing is emitted until
 *   Ok, and Cancel leaves the previous choice in place.
 * - Controlled with `value`, or left to itself (starting at month to date) without it.
 */
import './date-range-picker.css';
import './inputs.css';
import { useState } from 'react';
import {
  clampDate,
  type DateRange,
  defaultDateRange,
  type PresetOption,
  presetRange,
  RANGE_OPTIONS,
  type RangeOption,
  rangeLabel,
  todayIn,
} from '../../lib/date-range';
import { DateRangeDialog } from './date-range-dialog';
import { Select } from './select';

export type DateRangePickerProps = {
  id: string;
  label?: string;
  /** Keep the label for screen readers only (compact toolbars). */
  hideLabel?: boolean;
  value?: DateRange;
  onChange: (range: DateRange) => void;
  timeZone?: string | null;
  disabled?: boolean;
};

export function DateRangePicker({
  id,
  label = 'Date range',
  hideLabel,
  value,
  onChange,
  timeZone,
  disabled,
}: DateRangePickerProps) {
  const [own, setOwn] = useState<DateRange>(() => defaultDateRange(timeZone));
  const [dialogOpen, setDialogOpen] = useState(false);
  const current = value ?? own;
  const today = todayIn(timeZone);

  function emit(range: DateRange) {
    setOwn(range);
    onChange(range);
  }

  function choose(option: RangeOption) {
    if (option === 'custom') setDialogOpen(true);
    else emit(presetRange(option as PresetOption, today));
  }

  return (
    <div className="date-range-picker">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <div className="date-range-picker__controls">
        <Select
          id={id}
          className="date-range-picker__select"
          value={dialogOpen ? 'custom' : current.option}
          disabled={disabled}
          options={RANGE_OPTIONS}
          onChange={(value) => choose(value as RangeOption)}
        />
        <button
          type="button"
          className="date-range-picker__dates"
          aria-haspopup="dialog"
          aria-expanded={dialogOpen}
          disabled={disabled}
          onClick={() => setDialogOpen(true)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <rect
              x="3.5"
              y="5"
              width="17"
              height="15"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
            <path
              d="M3.5 10h17M8 3v4M16 3v4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
          <span className="visually-hidden">Change dates: </span>
          <span>{rangeLabel(current)}</span>
        </button>
      </div>
      {dialogOpen ? (
        <DateRangeDialog
          start={current.start_date}
          end={clampDate(current.end_date, null, today)}
          max={today}
          onCancel={() => setDialogOpen(false)}
          onApply={(range) => {
            setDialogOpen(false);
            emit({ option: 'custom', ...range });
          }}
        />
      ) : null}
    </div>
  );
}
