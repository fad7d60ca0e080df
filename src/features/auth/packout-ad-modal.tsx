/**
 * The packout partner's ad (spec part 1 §2 "Packouts ad modal"), shown once after a sign-in whose
 * answer had show_ad set: title, description, button text and background image per ad type.
 *
 * The dialog's modal skin (ui/dialog.tsx): Escape, a press on the backdrop, 'Not now', the close
 * button and the partner link all dismiss it for good. One overlay at a time: while the storage
 * notice shows (sync/ui/storage-notice.tsx), the ad waits and opens once it is closed.
 */
import './packout-ad-modal.css';
import { PACKOUT_PARTNER_URL } from '@/lib/config';
import { useStorageNoticeShowing } from '../../sync/ui/storage-notice-state';
import { CloseButton } from '../../ui/close-button';
import { Dialog } from '../../ui/dialog';
import { dismissPackoutAd, usePendingPackoutAd } from './packout-ad';

export function PackoutAdModal() {
  const ad = usePendingPackoutAd();
  const noticeShowing = useStorageNoticeShowing();
  if (!ad || noticeShowing) return null;
  const titleId = `packout-ad-title-${ad.type}`;
  return (
    <Dialog
      skin="modal"
      className={`packout-ad packout-ad--${ad.type}`}
      aria-labelledby={titleId}
      onClose={dismissPackoutAd}
    >
      <div className="packout-ad__art" style={{ backgroundImage: `url(${ad.background_image})` }} />
      <div className="packout-ad__body">
        <p className="packout-ad__eyebrow">From our packout partner</p>
        <h2 id={titleId} className="packout-ad__title">
          {ad.title}
        </h2>
        <p className="packout-ad__description">{ad.description}</p>
        <div className="packout-ad__actions">
          <a
            className="button button--primary"
            href={PACKOUT_PARTNER_URL}
            target="_blank"
            rel="noopener noreferrer"
            onClick={dismissPackoutAd}
          >
            {ad.button_text}
          </a>
          <button type="button" className="button button--ghost" onClick={dismissPackoutAd}>
            Not now
          </button>
        </div>
      </div>
      <CloseButton className="packout-ad__close" onClick={dismissPackoutAd} />
    </Dialog>
  );
}
