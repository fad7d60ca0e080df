/**
 * Service categories multi-select (spec part 1 §2 step 2, part 2 paid media details): type to
 * filter, pick several, each shown as a chip with a remove button. The value is the list of
 * category names (what the server is sent); options come from GET /services as {name, label}.
 *
 * - ARIA 1.2 combobox over a multi-selectable listbox: Up/Down move, Enter toggles, Escape closes
 *   (or clears the filter), Backspace in an empty filter removes the last chip. A click on an
 *   option picks it and closes the list (a click on the field opens it again).
 * - Picks and removals are announced in a polite live region; the current selection is part of
 *   the input's description, so it is read whenever the field is focused.
 * - Messages ('This field is required*') come from the form: only it knows when one is needed.
 */
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { Field } from './field';

export type CategoryOption = { name: string; label: string };

export type CategoriesSelectProps = {
  id: string;
  label: ReactNode;
  options: CategoryOption[];
  /** Selected category names. */
  value: string[];
  onChange: (names: string[]) => void;
  required?: boolean;
  error?: string | null;
  hint?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
};

export function CategoriesSelect({
  id,
  label,
  options,
  value,
  onChange,
  required,
  error,
  hint,
  placeholder = 'Search categories',
  disabled,
}: CategoriesSelectProps) {
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = `${id}-listbox`;
  const summaryId = `${id}-selected`;
  const optionId = (name: string) => `${id}-option-${name.replace(/[^a-zA-Z0-9_-]/g, '_')}`;

  const selected = value.map((name) => options.find((o) => o.name === name) ?? { name, label: name });
  const needle = filter.trim().toLowerCase();
  const shown = needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
  const activeOption = open ? shown[active] : undefined;

  function toggle(option: CategoryOption) {
    if (value.includes(option.name)) {
      onChange(value.filter((name) => name !== option.name));
      setAnnouncement(`${option.label} removed`);
      return;
    }
    onChange([...value, option.name]);
    setAnnouncement(`${option.label} selected`);
    if (filter) {
      setFilter('');
      setActive(options.indexOf(option));
    }
  }

  function remove(option: CategoryOption) {
    onChange(value.filter((name) => name !== option.name));
    setAnnouncement(`${option.label} removed`);
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = shown.length;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (!open || count === 0 ? 0 : (current + 1) % count));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (!open || current <= 0 ? count - 1 : current - 1));
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      toggle(activeOption);
    } else if (event.key === 'Escape' && (open || filter)) {
      event.preventDefault();
      event.stopPropagation();
      if (open) setOpen(false);
      else setFilter('');
    } else if (event.key === 'Backspace' && filter === '' && selected.length > 0) {
      remove(selected[selected.length - 1]);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <Field id={id} label={label} hint={hint} error={error} required={required} describedBy={summaryId}>
      {(control) => (
        <div className="multi-select" data-disabled={disabled || undefined}>
          <div className="multi-select__box" data-invalid={error ? true : undefined}>
            {selected.length > 0 ? (
              <ul className="chips" aria-label="Selected categories">
                {selected.map((option) => (
                  <li key={option.name} className="chip">
                    <span>{option.label}</span>
                    <button
                      type="button"
                      className="chip__remove"
                      aria-label={`Remove ${option.label}`}
                      disabled={disabled}
                      onClick={() => remove(option)}
                    >
                      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                        <path
                          d="M4 4l8 8M12 4l-8 8"
                          stroke="currentColor"
                          strokeWidth="2"
                          strokeLinecap="round"
                        />
                      </svg>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <input
              {...control}
              ref={inputRef}
              className="multi-select__input"
              type="text"
              role="combobox"
              autoComplete="off"
              disabled={disabled}
              placeholder={selected.length ? 'Add another' : placeholder}
              aria-autocomplete="list"
              aria-expanded={open}
              aria-controls={listId}
              aria-activedescendant={activeOption ? optionId(activeOption.name) : undefined}
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value);
                setOpen(true);
                setActive(0);
              }}
              onClick={() => setOpen((current) => !current)}
              onKeyDown={onKeyDown}
              onBlur={() => {
                setOpen(false);
                setActive(-1);
              }}
            />
          </div>
          <div
            id={listId}
            role="listbox"
            aria-multiselectable="true"
            aria-labelledby={`${id}-label`}
            className="combobox__list"
            hidden={!open || shown.length === 0}
          >
            {shown.map((option, index) => {
              const isSelected = value.includes(option.name);
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys
                <div
                  key={option.name}
                  id={optionId(option.name)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={isSelected}
                  data-active={index === active || undefined}
                  className="combobox__option"
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => {
                    // A pick by pointer closes the list: left open it covers the next field, where
                    // the next click would land on another category. The keyboard keeps it open.
                    toggle(option);
                    setOpen(false);
                    setActive(-1);
                  }}
                >
                  <span className="multi-select__check" aria-hidden="true">
                    {isSelected ? (
                      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                        <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" />
                      </svg>
                    ) : null}
                  </span>
                  {option.label}
                </div>
              );
            })}
          </div>
          {open && shown.length === 0 ? (
            <p className="multi-select__empty">No categories match '{filter.trim()}'</p>
          ) : null}
          <span id={summaryId} className="visually-hidden">
            {selected.length ? `Selected: ${selected.map((o) => o.label).join(', ')}` : 'None selected'}
          </span>
          <span className="visually-hidden" aria-live="polite">
            {announcement}
          </span>
        </div>
      )}
    </Field>
  );
}
