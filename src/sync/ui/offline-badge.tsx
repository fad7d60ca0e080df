/**
 * The shared offline badge: "Offline · data as of 10:42 AM". Give it a screen's own read state
 * (useCachedRead's `offline` and `asOf`), or no props at all: it then shows while the app is
 * offline or anything on screen came from the device, with the oldest stored time. The time is
 * labelled with its zone: `timeZone` when given, else the account's (format.ts), so every screen's
 * "as of" reads in the same zone. Re-renders when the account's zone becomes known.
 *
 * It ends with the server's first good answer after it showed (a delivered write, a fresh read,
 * the live stream opening: connectivity.ts), not with the screen's own read again: that read
 * follows the queue's delivery, and the customer should not be told "Offline" once the server
 * has answered (issue 48, item 2).
 */
import './sync.css';
import { useState, useSyncExternalStore } from 'react';
import { useGoodAnswers, useOffline } from '../connectivity';
import { accountZone, offlineBadgeText } from '../format';
import { useCachedAsOf } from '../freshness';

type OfflineBadgeProps = { offline?: boolean; asOf?: number | null; timeZone?: string | null };

export function OfflineBadge({ offline, asOf, timeZone }: OfflineBadgeProps) {
  const appOffline = useOffline();
  const cachedAsOf = useCachedAsOf();
  const shownZone = useSyncExternalStore(accountZone.subscribe, accountZone.get);
  const answers = useGoodAnswers();
  const stale = offline ?? (appOffline || cachedAsOf !== null);
  // The good answers counted when it began to show: one more, and the server is back.
  const [since, setSince] = useState<number | null>(null);
  if (stale && since === null) setSince(answers);
  if (!stale && since !== null) setSince(null);
  const shown = stale && (appOffline || since === null || answers <= since);
  if (!shown) return null;
  const at = asOf === undefined ? cachedAsOf : asOf;
  const pageWide = offline === undefined;
  return (
    <p className={pageWide ? 'offline-badge offline-badge--page' : 'offline-badge'} role="status">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      {offlineBadgeText(at, Date.now(), timeZone ?? shownZone)}
    </p>
  );
}
