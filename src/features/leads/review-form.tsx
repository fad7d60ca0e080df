/**
 * The review form (spec part 3 §5) in a modal: a reason ('Please select the reason for review.')
 * and a description ('Please provide a description of the issue.', at least 10 characters: 'Note
 * must be at least 10 characters long'). Validated by the request's own contract (ReviewBody), the
 * struct the server checks with: the same rules and messages on both sides. The note is trimmed.
 */
import { useId } from 'react';
import { REVIEW_NOTE_MAX, ReviewBody } from '../../api/contracts/leads';
import { FormField } from '../../ui/form/form-field';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { Select } from '../../ui/inputs/select';
import { TextArea } from '../../ui/inputs/text-area';
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
          {(field) => (
            <Select
              {...field}
              id={`${id}-type`}
              label="Reason for review"
              required
              placeholder="Select a reason"
              options={types.map((type) => ({ value: type.key, label: type.name }))}
            />
          )}
        </FormField>
        <FormField form={form} name="note">
          {(field) => (
            <TextArea
              {...field}
              id={`${id}-note`}
              label="Description of the issue"
              required
              rows={5}
              limit={REVIEW_NOTE_MAX}
            />
          )}
        </FormField>
      </form>
    </Modal>
  );
}
