/**
 * The review form (spec part 3 §5) in a modal: a reason ('Please select the reason for review.')
 * and a description ('Please provide a description of the issue.', at least 10 characters: 'Note
 * must be at least 10 characters long'). Validated by the request's own contract (ReviewBody), the
 * struct the server checks with: the same rules and messages on both sides. The note is trimmed.
 */
import { useId } from 'react';
import { ReviewBody } from '../../api/contracts/leads';
import { FormField } from '../../ui/form/form-field';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { Field } from '../../ui/inputs/field';
import { Modal } from '../../ui/modal';

export type ReviewType = { key: string; name: string };

export type ReviewFormProps = {
  title: string;
  types: ReviewType[];
  initial: ReviewBody | null;
  onSubmit: (body: ReviewBody) => void;
  onClose: () => void;
};

export function ReviewForm({ title, types, initial, onSubmit, onClose }: ReviewFormProps) {
  const id = useId();
  const form = useRulesForm<ReviewBody>({
    defaultValues: initial ?? { review_type: '', note: '' },
    struct: ReviewBody,
  });

  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className="button button--primary">
            Submit
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="review-form"
        noValidate
        onSubmit={(event) => void form.submitWith((body) => onSubmit(body))(event)}
      >
        <FormField form={form} name="review_type">
          {({ error, onChange, ...field }) => (
            <Field id={`${id}-type`} label="Reason for review" error={error} required>
              {(control) => (
                <select
                  {...field}
                  {...control}
                  className="input"
                  onChange={(event) => onChange(event.target.value)}
                >
                  <option value="">Select a reason</option>
                  {types.map((type) => (
                    <option key={type.key} value={type.key}>
                      {type.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </FormField>
        <FormField form={form} name="note">
          {({ error, onChange, ...field }) => (
            <Field id={`${id}-note`} label="Description of the issue" error={error} required>
              {(control) => (
                <textarea
                  {...field}
                  {...control}
                  className="input review-form__note"
                  rows={5}
                  maxLength={2000}
                  onChange={(event) => onChange(event.target.value)}
                />
              )}
            </Field>
          )}
        </FormField>
      </form>
    </Modal>
  );
}
