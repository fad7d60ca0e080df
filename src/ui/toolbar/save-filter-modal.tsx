/**
 * Save Filter (spec part 3 §5): a name is required ('Filter name is required'); what the server
 * says about the name (a taken name) is shown under the field; other failures under the form.
 * The name is checked by the request's own contract (SaveFilterBody), as on the server. Pure: the
 * toolbar widget passes `onSave`, which sends the request.
 */

import { useId, useState } from 'react';
import { pick } from 'superstruct';
import { type FilterCondition, type FilterField, SaveFilterBody } from '../../api/contracts/toolbar';
import { FormField } from '../form/form-field';
import { applyServerErrors } from '../form/server-errors';
import { useRulesForm } from '../form/use-rules-form';
import { TextInput } from '../inputs/text-input';
import { Modal } from '../modal';
import { toastSuccess } from '../toast';
import { describeFilters } from './filter-text';

/** The form's part of the request: the name (the filters come with the modal). */
const NameForm = pick(SaveFilterBody, ['name']);

export type SaveFilterModalProps = {
  /** Sends the request; a rejection with 422 field errors lands on the name field. */
  onSave: (body: SaveFilterBody) => Promise<unknown>;
  filters: FilterCondition[];
  fields: FilterField[];
  onSaved: () => void;
  onClose: () => void;
};

export function SaveFilterModal({ onSave, filters, fields, onSaved, onClose }: SaveFilterModalProps) {
  const id = useId();
  const form = useRulesForm({ defaultValues: { name: '' }, struct: NameForm });
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = form.submitWith(async ({ name }) => {
    setSaving(true);
    try {
      await onSave({ name, filters });
      toastSuccess('Filter saved', `"${name}" is in your saved filters.`);
      onSaved();
      onClose();
    } catch (failure) {
      if (applyServerErrors(form, failure).length > 0) return;
      // Offline, the api client's error already says "You're offline - this needs a connection".
      setFormError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  });

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
          setFormError(null);
          void save(event);
        }}
      >
        <FormField form={form} name="name">
          {(field) => <TextInput id={`${id}-name`} label="Filter name" required maxLength={80} {...field} />}
        </FormField>
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
