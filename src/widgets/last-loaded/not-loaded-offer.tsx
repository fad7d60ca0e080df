/**
 * Offline, a range (or set of filters) never loaded on this device: the plain message and, when
 * the screen has loaded another one before, a button that shows that one (last-loaded.ts). One
 * behaviour on every range-keyed screen: performance reports, invoices, campaigns.
 */
import './not-loaded-offer.css';

/** The message of a list whose dates were never loaded here (performance names its locations too). */
export const RANGE_NOT_LOADED = "You're offline, and these dates haven't been loaded on this device yet.";

export function NotLoadedOffer({
  message,
  offer,
  onUse,
}: {
  message: string;
  /** What the last loaded one was ('11/01/2026 - 11/20/2026'), or null when there is none. */
  offer: string | null;
  onUse: () => void;
}) {
  return (
    <div className="not-loaded-offer" role="status">
      <p>{message}</p>
      {offer ? (
        <button type="button" className="button button--primary" onClick={onUse}>
          Show the last loaded: {offer}
        </button>
      ) : null}
    </div>
  );
}
