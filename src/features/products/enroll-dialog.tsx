/**
 * The online local listings enrolment modal (spec part 2 §2, §4): $25 per month per service
 * vertical, leads at the current rate, the agreement sent by e-mail. Enrolling needs a connection;
 * on success the caller closes it, goes to the overview and toasts.
 */
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { Modal } from '../../ui/modal';
import { enrollOnlineListings } from './products-api';

export function EnrollDialog({ onClose, onEnrolled }: { onClose: () => void; onEnrolled: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enroll = async () => {
    setBusy(true);
    setError(null);
    try {
      await enrollOnlineListings();
      onEnrolled();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The enrolment could not be sent.');
      setBusy(false);
    }
  };
  return (
    <Modal
      title="Online Local Listings"
      size="small"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void enroll()}
          >
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            Enroll
          </button>
        </>
      }
    >
      <p>
        Get your business listed on the major online directories for{' '}
        <strong>$25 per month per service vertical</strong>. Leads from your listings are billed at your
        current rate.
      </p>
      <p>We will send the agreement to you by e-mail.</p>
      {error ? (
        <p className="form__notice" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
