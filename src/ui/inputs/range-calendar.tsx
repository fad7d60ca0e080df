/**
 * Two months side by side (stacked on phones) for picking a date range: the first click sets the
 * start, the second the end (an earlier day restarts the range). Days after `max` are disabled.
 *
 * Keyboard (as the WAI-ARIA date picker dialog): one day is in the tab order; arrows move by day and week, Home and
 * End to the week's ends, Page Up and Page Down by month, Enter or Space picks. Moving past the
 * shown months turns the page.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { dayLabel, monthGrid, monthLabel, moveByKey, WEEKDAYS } from '../../lib/calendar';
import { addMonths, clampDate, startOfMonth, weekday } from '../../lib/date-range';

export type RangeCalendarProps = {
  id: string;
  start: string | null;
  end: string | null;
  /** The day in the tab order; the parent owns it so typed dates can move it. */
  focused: string;
  onFocusedChange: (iso: string) => void;
  onPick: (iso: string) => void;
  max?: string;
};

const firstShown = (focused: string, end: string | null) => startOfMonth(addMonths(end ?? focused, -1));

export function RangeCalendar({ id, start, end, focused, onFocusedChange, onPick, max }: RangeCalendarProps) {
  const [first, setFirst] = useState(() => firstShown(focused, end));
  const [hover, setHover] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const second = addMonths(first, 1);

  // Keep the focused day on screen (typed dates, keyboard moves): adjusting state while rendering.
  if (focused < first) setFirst(startOfMonth(focused));
  else if (focused >= addMonths(first, 2)) setFirst(startOfMonth(addMonths(focused, -1)));

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    root.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  });

  // With only a start picked, the range follows the pointer, or the keyboard focus.
  const reach = hover ?? focused;
  const previewEnd = start && !end && reach >= start && (!max || reach <= max) ? reach : null;
  const rangeEnd = end ?? previewEnd;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: string) {
    const next = moveByKey(day, event.key);
    if (!next) return;
    event.preventDefault();
    moved.current = true;
    setHover(null);
    onFocusedChange(clampDate(next, null, max ?? null));
  }

  function turn(months: number) {
    setFirst(addMonths(first, months));
    onFocusedChange(clampDate(addMonths(focused, months), null, max ?? null));
  }

  const canGoForward = !max || startOfMonth(max) > second;

  const renderMonth = (month: string, index: number) => {
    const titleId = `${id}-month-${index}`;
    return (
      <div className="range-calendar__month" key={month}>
        <h3 id={titleId} className="range-calendar__title" aria-live="polite">
          {monthLabel(month)}
        </h3>
        <table aria-labelledby={titleId} className="range-calendar__grid">
          <thead>
            <tr>
              {WEEKDAYS.map((day) => (
                <th key={day.short} scope="col" abbr={day.long}>
                  {day.short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthGrid(month).map((week) => {
              const days = week.filter((day): day is string => day !== null);
              const lead = weekday(days[0]);
              return (
                <tr key={days[0]}>
                  {lead > 0 ? <td colSpan={lead} /> : null}
                  {days.map((day) => {
                    const disabled = Boolean(max && day > max);
                    const isStart = day === start;
                    const isEnd = day === end;
                    const inRange = Boolean(start && rangeEnd && day >= start && day <= rangeEnd);
                    const suffix = isStart
                      ? ', start date'
                      : isEnd
                        ? ', end date'
                        : inRange && end
                          ? ', selected'
                          : '';
                    return (
                      <td key={day} className="range-calendar__cell" data-in-range={inRange || undefined}>
                        <button
                          type="button"
                          className="range-calendar__day"
                          data-day={day}
                          data-start={isStart || undefined}
                          data-end={isEnd || undefined}
                          data-preview={(!end && inRange) || undefined}
                          data-today={day === max || undefined}
                          tabIndex={day === focused ? 0 : -1}
                          aria-label={`${dayLabel(day)}${suffix}`}
                          aria-disabled={disabled || undefined}
                          onClick={() => {
                            if (disabled) return;
                            onFocusedChange(day);
                            onPick(day);
                          }}
                          onKeyDown={(event) => onKeyDown(event, day)}
                          onMouseEnter={() => setHover(day)}
                          onMouseLeave={() => setHover(null)}
                        >
                          {Number(day.slice(8))}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  };

  return (
    <div className="range-calendar" ref={root}>
      <div className="range-calendar__nav">
        <button
          type="button"
          className="range-calendar__turn"
          aria-label="Previous month"
          onClick={() => turn(-1)}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <button
          type="button"
          className="range-calendar__turn"
          aria-label="Next month"
          disabled={!canGoForward}
          onClick={() => turn(1)}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className="range-calendar__months">{[first, second].map(renderMonth)}</div>
    </div>
  );
}
