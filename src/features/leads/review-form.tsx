/**
 * The review form (spec part 3 §5) in a modal: a reason ('Please select the reason for review.')
 * and a description ('Please provide a description of the issue.', at least 10 characters: 'Note
 * must be at least 10 characters long'). The same rules as the server (contracts/leads.ts).
 */
import { useId, useState } from 'react';
import { REVIEW_MESSAGES, type ReviewBody, reviewNoteError } from '../../api/contracts/leads';
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

export function reviewErrors(body: ReviewBody) {
  return {
    review_type: body.review_type ? null : REVIEW_MESSAGES.typeRequired,
    note: reviewNoteError(body.note),
  };
}

export function ReviewForm({ title, types, initial, onSubmit, onClose }: ReviewFormProps) {
  const id = useId();
  const [body, setBody] = useState<ReviewBody>(initial ?? { review_type: '', note: '' });
  const [checked, setChecked] = useState(false);
  const errors = reviewErrors(body);
  const shown = checked ? errors : { review_type: null, note: null };

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
        onSubmit={(event) => {
          event.preventDefault();
          setChecked(true);
          if (!errors.review_type && !errors.note)
            onSubmit({ review_type: body.review_type, note: body.note.trim() });
        }}
      >
        <Field id={`${id}-type`} label="Reason for review" error={shown.review_type} required>
          {(control) => (
            <select
              {...control}
              className="input"
              value={body.review_type}
              onChange={(event) => setBody((b) => ({ ...b, review_type: event.target.value }))}
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
        <Field id={`${id}-note`} label="Description of the issue" error={shown.note} required>
          {(control) => (
            <textarea
              {...control}
              className="input review-form__note"
              rows={5}
              maxLength={2000}
              value={body.note}
              onChange={(event) => setBody((b) => ({ ...b, note: event.target.value }))}
            />
          )}
        </Field>
      </form>
    </Modal>
  );
}
