/**
 * The address field's combobox (spec part 1 §5, §9): the text field, its suggestion list and what
 * it says when suggestions fail; 'This field is required' when required and left empty. Props in,
 * JSX out: the suggestions come from the caller (src/widgets/address-autocomplete fetches them),
 * which hears every edit through `onSearch`.
 *
 * - ARIA 1.2 combobox: focus stays in the input, the highlighted suggestion is announced through
 *   aria-activedescendant. Up/Down move, Enter picks, Escape closes, Tab leaves.
 * - The value is whatever is typed; picking a suggestion replaces it with the suggestion's text
 *   and hands the structured place (city, state, ZIP) to `onSelect`.
 * - If suggestions cannot be fetched the field says so under itself and keeps the typed text:
 *   the address can always be typed in full.
 */
import { type KeyboardEvent, type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { messages, required as requiredRule } from '../../lib/validation';
import { Field } from './field';
import { useBlurError } from './use-blur-error';

/** One suggestion (the places contract's prediction, as far as this field reads it). */
export type PlaceSuggestion = {
  description: string;
  street?: string;
  city: string;
  state: string;
  zipcode: string;
};

export type SuggestionStatus = 'idle' | 'loading' | 'ready' | 'offline' | 'failed';

export type Suggestions<P extends PlaceSuggestion> = { status: SuggestionStatus; predictions: P[] };

export type AddressComboboxProps<P extends PlaceSuggestion> = {
  /** The suggestions for the text in the field, and how fetching them went. */
  suggestions: Suggestions<P>;
  /** The text changed: look for suggestions (or drop them, under the minimum length). */
  onSearch: (text: string) => void;
  /** A suggestion was picked: the current suggestions are no longer wanted. */
  onReset: () => void;
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** A suggestion was picked: the structured place behind the text now in the field. */
  onSelect?: (place: P) => void;
  required?: boolean;
  requiredMessage?: string;
  /** The form's message; wins over the field's own check (see use-blur-error.ts). */
  error?: string | null;
  hint?: ReactNode;
  placeholder?: string;
  name?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  ref?: Ref<HTMLInputElement>;
};

const NOTICES = {
  offline: "You're offline, so we can't suggest addresses. Type the full address; it will be kept.",
  failed: "We couldn't load address suggestions. Type the full address; it will be kept.",
  empty: 'No matching US places. Check the spelling or type the full address.',
};

/** An option's two lines, and what joins them when read out as its name (its visible text). */
function optionText(place: PlaceSuggestion): [primary: string, secondary: string, joint: string] {
  if (place.street) return [place.street, `${place.city}, ${place.state} ${place.zipcode}`, ', '];
  return [`${place.city}, ${place.state}`, `${place.zipcode}, USA`, ' '];
}

export function AddressCombobox<P extends PlaceSuggestion>({
  suggestions,
  onSearch,
  onReset,
  id,
  label,
  value,
  onChange,
  onSelect,
  required,
  requiredMessage = messages.addressRequired,
  error: external,
  hint,
  placeholder = 'Start typing a city, ZIP or street address',
  name,
  disabled,
  autoFocus,
  ref,
}: AddressComboboxProps<P>) {
  const listId = `${id}-listbox`;
  const noticeId = `${id}-notice`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const { status, predictions } = suggestions;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [focused, setFocused] = useState(false);
  const { error, markTouched } = useBlurError(
    value,
    required ? [requiredRule(requiredMessage)] : [],
    external,
  );
  const listRef = useRef<HTMLDivElement>(null);

  // New suggestions open the list, with nothing highlighted, while the user is in the field.
  useEffect(() => {
    if (status !== 'ready') return;
    setActive(-1);
    setOpen(focused && predictions.length > 0);
  }, [status, predictions, focused]);

  useEffect(() => {
    if (active >= 0) listRef.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const shown = open && predictions.length > 0;
  const notice =
    status === 'offline' || status === 'failed'
      ? NOTICES[status]
      : status === 'ready' && predictions.length === 0 && focused
        ? NOTICES.empty
        : null;

  function pick(place: P) {
    onChange(place.description);
    onSelect?.(place);
    setOpen(false);
    setActive(-1);
    onReset();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = predictions.length;
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (!shown ? 0 : (current + 1) % count));
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (!shown || current <= 0 ? count - 1 : current - 1));
    } else if (event.key === 'Enter' && shown && active >= 0) {
      event.preventDefault();
      pick(predictions[active]);
    } else if (event.key === 'Escape' && shown) {
      // Closing the list is all Escape does here: a dialog around the form stays open.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      required={required}
      describedBy={notice ? noticeId : undefined}
      below={
        notice ? (
          <p id={noticeId} className="field__notice" role="status">
            {notice}
          </p>
        ) : null
      }
    >
      {(control) => (
        <div className="combobox">
          <input
            {...control}
            ref={ref}
            className="input"
            type="text"
            role="combobox"
            name={name}
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            disabled={disabled}
            // biome-ignore lint/a11y/noAutofocus: opt-in by the form (first field of a wizard step)
            autoFocus={autoFocus}
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={listId}
            aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
            value={value}
            onChange={(event) => {
              onChange(event.target.value);
              setOpen(false);
              setActive(-1);
              onSearch(event.target.value);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => setFocused(true)}
            onBlur={(event) => {
              setFocused(false);
              setOpen(false);
              setActive(-1);
              markTouched(event);
            }}
          />
          <div
            ref={listRef}
            id={listId}
            role="listbox"
            aria-labelledby={`${id}-label`}
            className="combobox__list"
            hidden={!shown}
          >
            {predictions.map((place, index) => {
              const [primary, secondary, joint] = optionText(place);
              return (
                // Keyboard use is on the input (aria-activedescendant); the mouse picks here.
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys
                <div
                  key={place.description}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  data-active={index === active || undefined}
                  className="combobox__option"
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => pick(place)}
                >
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                    <path
                      d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.8"
                    />
                    <circle cx="12" cy="9.5" r="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
                  </svg>
                  <span className="combobox__text">
                    <span className="combobox__primary">{primary}</span>
                    <span className="visually-hidden">{joint}</span>
                    <span className="combobox__secondary">{secondary}</span>
                  </span>
                </div>
              );
            })}
          </div>
          <span className="visually-hidden" aria-live="polite">
            {shown
              ? `${predictions.length} ${predictions.length === 1 ? 'suggestion' : 'suggestions'}, use up and down arrows to choose`
              : ''}
          </span>
        </div>
      )}
    </Field>
  );
}
