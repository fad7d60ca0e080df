/**
 * The four steps' fields of the company details wizard (spec part 2 §3-§5), as controlled
 * pieces: values in, changes out, messages shown per field. company-form.tsx runs the wizard.
 */
import { useId } from 'react';
import { COMPANY_SIZES, EMP_DISTINCTIONS } from '../../api/contracts/tasks';
import { Checkbox } from '../../ui/inputs/checkbox';
import { Select } from '../../ui/inputs/select';
import { TextArea } from '../../ui/inputs/text-area';
import { TextInput } from '../../ui/inputs/text-input';
import { DISTINCTION_LABELS, type Errors, HALF_HOURS, SIZE_LABELS, type Values } from './company-values';

const SLOT_OPTIONS = HALF_HOURS.map((slot) => ({ value: slot, label: slot }));

type StepProps = { values: Values; errors: Errors; set: (change: Partial<Values>) => void };

function Text({
  label,
  value,
  onChange,
  error,
  max,
  required,
  area,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  max: number;
  required?: boolean;
  area?: boolean;
}) {
  const id = useId();
  // null, not undefined: the wizard's message is the only one (an input's own check stays quiet).
  const shared = { id, label, value, onChange, required, error: error ?? null };
  return area ? <TextArea {...shared} limit={max} /> : <TextInput {...shared} maxLength={max} />;
}

/** Exclusive choices: picking `exclusive` clears the rest, picking another clears it. */
export const toggleChoice = (list: string[], value: string, exclusive: string) =>
  list.includes(value)
    ? list.filter((v) => v !== value)
    : value === exclusive
      ? [value]
      : [...list.filter((v) => v !== exclusive), value];

export function StepOne({ values, errors, set }: StepProps) {
  return (
    <div className="task-form__fields">
      <Text
        label="Company Quote"
        area
        required
        max={1500}
        value={values.company_quote}
        error={errors.company_quote}
        onChange={(company_quote) => set({ company_quote })}
      />
      <Text
        label="First Name"
        max={150}
        value={values.first_name}
        error={errors.first_name}
        onChange={(first_name) => set({ first_name })}
      />
      <Text
        label="Last Name"
        max={150}
        value={values.last_name}
        error={errors.last_name}
        onChange={(last_name) => set({ last_name })}
      />
      <Text
        label="Title"
        required
        max={150}
        value={values.title}
        error={errors.title}
        onChange={(title) => set({ title })}
      />
      <Text
        label="Business Address"
        required
        max={150}
        value={values.business_address}
        error={errors.business_address}
        onChange={(business_address) => set({ business_address })}
      />
    </div>
  );
}

export function StepTwo({ values, errors, set }: StepProps) {
  return (
    <div className="task-form__fields">
      <Text
        label="Founder"
        max={150}
        value={values.founder}
        error={errors.founder}
        onChange={(founder) => set({ founder })}
      />
      <Text
        label="Year Established"
        required
        max={4}
        value={values.established_year}
        error={errors.established_year}
        onChange={(v) =>
          set({
            established_year: v
              .replace(/[eE+-]/g, '')
              .replace(/\D/g, '')
              .slice(0, 4),
          })
        }
      />
      <fieldset className="task-form__choice">
        <legend>Company Size</legend>
        {COMPANY_SIZES.map((size) => (
          <Checkbox
            key={size}
            className="task-form__radio"
            label={SIZE_LABELS[size]}
            checked={values.owned.includes(size)}
            onChange={() => set({ owned: toggleChoice(values.owned, size, 'other') })}
          />
        ))}
        {errors.owned ? <p className="field__error">{errors.owned}</p> : null}
      </fieldset>
      {values.owned.includes('other') ? (
        <Text
          label="Other Company Size"
          required
          max={150}
          value={values.other_owned}
          error={errors.other_owned}
          onChange={(other_owned) => set({ other_owned })}
        />
      ) : null}
    </div>
  );
}

export function StepThree({ values, errors, set }: StepProps) {
  const update = (index: number, change: Partial<Values['operations_hours'][number]>) =>
    set({
      operations_hours: values.operations_hours.map((h, i) => {
        if (i !== index) return h;
        const next = { ...h, ...change };
        // Closing a day or choosing 24 hours clears the times.
        return !next.is_opened || next.is_24_hours ? { ...next, from: null, to: null } : next;
      }),
    });
  return (
    <div className="company-hours">
      {values.operations_hours.map((h, index) => (
        <fieldset key={h.day} className="company-hours__day">
          <legend className="company-hours__name">{h.day[0].toUpperCase() + h.day.slice(1)}</legend>
          <Checkbox
            className="task-form__radio"
            label="Open"
            checked={h.is_opened}
            onChange={(checked) => update(index, { is_opened: checked })}
          />
          <Checkbox
            className="task-form__radio"
            label="24 hours"
            disabled={!h.is_opened}
            checked={h.is_24_hours}
            onChange={(checked) => update(index, { is_24_hours: checked })}
          />
          {(['from', 'to'] as const).map((end) => (
            <label key={end} className="company-hours__time">
              <span className="visually-hidden">{`${h.day} ${end}`}</span>
              <Select
                disabled={!h.is_opened || h.is_24_hours}
                value={h[end] ?? ''}
                placeholder={end === 'from' ? 'From' : 'To'}
                options={SLOT_OPTIONS}
                onChange={(slot) => update(index, { [end]: slot || null })}
              />
            </label>
          ))}
        </fieldset>
      ))}
      {errors.operations_hours ? <p className="field__error">{errors.operations_hours}</p> : null}
    </div>
  );
}

export function StepFour({ values, errors, set }: StepProps) {
  return (
    <fieldset className="task-form__choice task-form__choice--column">
      <legend>Our employees…</legend>
      {EMP_DISTINCTIONS.map((d) => (
        <Checkbox
          key={d}
          className="task-form__radio"
          label={DISTINCTION_LABELS[d]}
          checked={values.emp_distinctions.includes(d)}
          onChange={() =>
            set({ emp_distinctions: toggleChoice(values.emp_distinctions, d, 'not_applicable') })
          }
        />
      ))}
      {errors.emp_distinctions ? <p className="field__error">{errors.emp_distinctions}</p> : null}
    </fieldset>
  );
}
