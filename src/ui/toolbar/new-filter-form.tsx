/**
 * New filter (spec part 3 §5): rows of field, operator and value. The operator is fixed to equals
 * unless the field is service; fields with option lists use a dropdown; an empty value says 'This
 * field is required'. Apply uses the conditions; Save Filter hands them to the Save Filter modal.
 */
import { useId, useState } from 'react';
import type { FilterCondition, FilterField, FilterOpName } from '../../api/contracts/toolbar';
import { operatorsOf, usesDropdown } from './filter-text';

export const VALUE_REQUIRED = 'This field is required';

type Draft = { key: number; name: string; op: FilterOpName; value: string };

export type NewFilterFormProps = {
  fields: FilterField[];
  initial?: FilterCondition[];
  onApply: (filters: FilterCondition[]) => void;
  onSave: (filters: FilterCondition[]) => void;
  onCancel: () => void;
};

let nextKey = 1;
const draftOf = (field: FilterField | undefined, from?: FilterCondition): Draft => ({
  key: nextKey++,
  name: from?.name ?? field?.name ?? '',
  op: from?.op ?? 'equals',
  value: from?.value ?? '',
});

export function NewFilterForm({ fields, initial, onApply, onSave, onCancel }: NewFilterFormProps) {
  const id = useId();
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    initial?.length ? initial.map((c) => draftOf(undefined, c)) : [draftOf(fields[0])],
  );
  const [checked, setChecked] = useState(false);

  const update = (key: number, patch: Partial<Draft>) =>
    setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...patch } : d)));

  function valid(): FilterCondition[] | null {
    setChecked(true);
    if (drafts.some((d) => d.value.trim() === '')) return null;
    return drafts.map(({ name, op, value }) => ({ name, op, value: value.trim() }));
  }

  return (
    <form
      className="new-filter"
      aria-label="New filter"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const filters = valid();
        if (filters) onApply(filters);
      }}
    >
      {drafts.map((draft, index) => {
        const field = fields.find((f) => f.name === draft.name);
        const ops = operatorsOf(field);
        const rowId = `${id}-${draft.key}`;
        const error = checked && draft.value.trim() === '' ? VALUE_REQUIRED : null;
        return (
          <fieldset key={draft.key} className="new-filter__row">
            <legend className="visually-hidden">Condition {index + 1}</legend>
            <label className="visually-hidden" htmlFor={`${rowId}-field`}>
              Field
            </label>
            <select
              id={`${rowId}-field`}
              className="input"
              value={draft.name}
              onChange={(event) => update(draft.key, { name: event.target.value, op: 'equals', value: '' })}
            >
              {fields.map((f) => (
                <option key={f.name} value={f.name}>
                  {f.label}
                </option>
              ))}
            </select>
            <label className="visually-hidden" htmlFor={`${rowId}-op`}>
              Operator
            </label>
            <select
              id={`${rowId}-op`}
              className="input"
              value={draft.op}
              disabled={ops.length < 2}
              onChange={(event) => update(draft.key, { op: event.target.value as FilterOpName, value: '' })}
            >
              {ops.map((op) => (
                <option key={op.name} value={op.name}>
                  {op.label}
                </option>
              ))}
            </select>
            <div className="new-filter__value">
              <label className="visually-hidden" htmlFor={`${rowId}-value`}>
                Value
              </label>
              {usesDropdown(field, draft.op) ? (
                <select
                  id={`${rowId}-value`}
                  className="input"
                  value={draft.value}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${rowId}-error` : undefined}
                  onChange={(event) => update(draft.key, { value: event.target.value })}
                >
                  <option value="">Select…</option>
                  {field?.values?.map((v) => (
                    <option key={v.name} value={v.name}>
                      {v.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={`${rowId}-value`}
                  className="input"
                  value={draft.value}
                  placeholder="Value"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${rowId}-error` : undefined}
                  onChange={(event) => update(draft.key, { value: event.target.value })}
                />
              )}
              {error ? (
                <p id={`${rowId}-error`} className="field__error">
                  {error}
                </p>
              ) : null}
            </div>
            {drafts.length > 1 ? (
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove condition ${index + 1}`}
                onClick={() => setDrafts((all) => all.filter((d) => d.key !== draft.key))}
              >
                ×
              </button>
            ) : null}
          </fieldset>
        );
      })}
      <button
        type="button"
        className="link-button new-filter__add"
        onClick={() => setDrafts((all) => [...all, draftOf(fields[0])])}
      >
        + Add condition
      </button>
      <div className="new-filter__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            const filters = valid();
            if (filters) onSave(filters);
          }}
        >
          Save Filter
        </button>
        <button type="submit" className="button button--primary">
          Apply
        </button>
      </div>
    </form>
  );
}
