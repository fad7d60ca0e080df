/**
 * Save Filter (spec part 3 §5): a name is required ('Filter name is required'); what the server
 * says about the name (a taken name) is shown under the field; other failures under the form.
 */
import { useId, useState } from 'react';
import { FILTER_NAME_REQUIRED, type FilterCondition, type FilterField } from '../../api/contracts/toolbar';
import { OFFLINE_MESSAGE } from '../../api/error-policy';
import { ApiError } from '../../api/errors';
import { Field } from '../inputs/field';
import { Modal } from '../modal';
import { toastSuccess } from '../toast';
import { describeFilters } from './filter-text';
import { postSavedFilter } from './toolbar-api';

export type SaveFilterModalProps = {
  type: string;
  filters: FilterCondition[];
  fields: FilterField[];
  onSaved: () => void;
  onClose: () => void;
};

export function SaveFilterModal({ type, filters, fields, onSaved, onClose }: SaveFilterModalProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    setFormError(null);
    if (!name.trim()) {
      setError(FILTER_NAME_REQUIRED);
      return;
    }
    setSaving(true);
    try {
      await postSavedFilter(type, { name: name.trim(), filters });
      toastSuccess('Filter saved', `"${name.trim()}" is in your saved filters.`);
      onSaved();
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldErrors?.name) setError(failure.fieldErrors.name[0]);
      else if (failure instanceof ApiError && failure.offline) setFormError(OFFLINE_MESSAGE);
      else setFormError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title="Save Filter"
      size="small"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className="button button--primary" disabled={saving}>
            {saving ? 'Saving' : 'Save'}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field id={`${id}-name`} label="Filter name" error={error} required>
          {(control) => (
            <input
              {...control}
              className="input"
              value={name}
              maxLength={80}
              onChange={(event) => {
                setName(event.target.value);
                if (error) setError(null);
              }}
            />
          )}
        </Field>
        <p className="save-filter__summary">{describeFilters(filters, fields)}</p>
        {formError ? (
          <p className="field__error" role="alert">
            {formError}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
