/**
 * "Pending sync": shown next to a change the user made that is still in the outbox. Either pass
 * `pending` (from your own query) or `path` (a write to that API path, e.g. `/notifications/12`).
 */
import './sync.css';
import { usePendingSync } from '../use-outbox';

function Marker() {
  return (
    <span className="pending-sync" title="This change will be sent when the connection returns">
      Pending sync
    </span>
  );
}

function ByPath({ path }: { path: string }) {
  return usePendingSync(path) ? <Marker /> : null;
}

export function PendingSyncMarker({ pending, path }: { pending?: boolean; path?: string }) {
  if (pending !== undefined) return pending ? <Marker /> : null;
  return path ? <ByPath path={path} /> : null;
}
