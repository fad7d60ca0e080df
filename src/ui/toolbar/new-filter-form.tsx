/**
 * New filter (spec part 3 §5): rows of field, operator and value. The operator is fixed to equals
 * unless the field is service; fields with option lists use a dropdown; an empty value says 'This
 * field is required'. Apply uses the conditions; Save Filter hands them to the Save Filter modal.
 *
 * On the form system: useRulesForm over a struct of the rows (useFieldArray), checked in the click
 * of Apply or Save; after the first of them a row's message follows the user's edits live.
 */
import { type FormEvent, useId, useState } from 'react';
import { type FieldPath, useFieldArray, useWatch } from 'react-hook-form';
import { array, enums, object, refine, string } from 'superstruct';
import { FILTER_OPS, type FilterCondition, type FilterField } from '../../api/contracts/toolbar';
import { useRulesForm } from '../form/use-rules-form';
import { TextInput } from '../inputs/text-input';
import { operatorsOf, usesDropdown } from './filter-text';

export const VALUE_REQUIRED = 'This field is required';

type Draft = { rows: FilterCondition[] };

/** The conditions as this form accepts them: the wire's shape, and a value in every row. */
const DraftStruct = object({
  rows: array(
    object({
      name: string(),
      op: enums(FILTER_OPS),
      value: refine(string(), 'FilterValue', (value) => value.trim() !== '' || VALUE_REQUIRED),
    }),
  ),
});

export type NewFilterFormProps = {
  fields: FilterField[];
  initial?: FilterCondition[];
  onApply: (filters: FilterCondition[]) => void;
  onSave: (filters: FilterCondition[]) => void;
  onCancel: () => void;
};

const rowOf = (field: FilterField | undefined, from?: FilterCondition): FilterCondition => ({
  name: from?.name ?? field?.name ?? '',
  op: from?.op ?? 'equals',
  value: from?.value ?? '',
});

export function NewFilterForm({ fields, initial, onApply, onSave, onCancel }: NewFilterFormProps) {
  const id = useId();
  const form = useRulesForm<Draft>({
    defaultValues: { rows: initial?.length ? initial.map((c) => rowOf(undefined, c)) : [rowOf(fields[0])] },
    struct: DraftStruct,
  });
  const { fields: keyed, append, remove } = useFieldArray({ control: form.control, name: 'rows' });
  const drafts = useWatch({ control: form.control, name: 'rows' });
  // After the first Apply or Save a row's message follows its edits.
  const [checked, setChecked] = useState(false);
  const valuePath = (index: number) => `rows.${index}.value` as FieldPath<Draft>;

  const update = (index: number, patch: Partial<FilterCondition>) => {
    for (const [key, value] of Object.entries(patch) as [keyof FilterCondition, string][]) {
      form.setValue(`rows.${index}.${key}`, value);
    }
    if (checked) form.checkField(valuePath(index));
  };
  // Checked in the click (checkNow), so Apply and Save answer at once.
  const cleaned = (handle: (filters: FilterCondition[]) => void) => (event?: FormEvent) => {
    event?.preventDefault();
    setChecked(true);
    const rows = form.checkNow()?.rows;
    if (rows) handle(rows.map(({ name, op, value }) => ({ name, op, value: value.trim() })));
  };

  return (
    <form className="new-filter" aria-label="New filter" noValidate onSubmit={cleaned(onApply)}>
      {keyed.map(({ id: key }, index) => {
        const draft = drafts[index] ?? rowOf(fields[0]);
        const field = fields.find((f) => f.name === draft.name);
        const ops = operatorsOf(field);
        const rowId = `${id}-${key}`;
        const error = form.formState.errors.rows?.[index]?.value?.message ?? null;
        return (
          <fieldset key={key} className="new-filter__row">
            <legend className="visually-hidden">Condition {index + 1}</legend>
            <label className="visually-hidden" htmlFor={`${rowId}-field`}>
              Field
            </label>
            <select
              id={`${rowId}-field`}
              className="input"
              value={draft.name}
              onChange={(event) => update(index, { name: event.target.value, op: 'equals', value: '' })}
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
              onChange={(event) =>
                update(index, { op: event.target.value as FilterCondition['op'], value: '' })
              }
            >
              {ops.map((op) => (
                <option key={op.name} value={op.name}>
                  {op.label}
                </option>
              ))}
            </select>
            <div className="new-filter__value">
              {usesDropdown(field, draft.op) ? (
                <>
                  <label className="visually-hidden" htmlFor={`${rowId}-value`}>
                    Value
                  </label>
                  <select
                    id={`${rowId}-value`}
                    className="input"
                    value={draft.value}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${rowId}-error` : undefined}
                    onChange={(event) => update(index, { value: event.target.value })}
                  >
                    <option value="">Select…</option>
                    {field?.values?.map((v) => (
                      <option key={v.name} value={v.name}>
                        {v.label}
                      </option>
                    ))}
                  </select>
                  {error ? (
                    <p id={`${rowId}-error`} className="field__error">
                      {error}
                    </p>
                  ) : null}
                </>
              ) : (
                <TextInput
                  id={`${rowId}-value`}
                  label="Value"
                  hideLabel
                  value={draft.value}
                  placeholder="Value"
                  error={error}
                  onChange={(value) => update(index, { value })}
                />
              )}
            </div>
            {keyed.length > 1 ? (
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove condition ${index + 1}`}
                onClick={() => remove(index)}
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
        onClick={() => {
          append(rowOf(fields[0]));
          if (checked) form.checkField(valuePath(keyed.length));
        }}
      >
        + Add condition
      </button>
      <div className="new-filter__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button--ghost" onClick={cleaned(onSave)}>
          Save Filter
        </button>
        <button type="submit" className="button button--primary">
          Apply
        </button>
      </div>
    </form>
  );
}
