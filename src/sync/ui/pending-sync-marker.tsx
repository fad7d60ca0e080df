/**
 * "Pending sync": shown next to a change the user made that is still in the outbox. Either pass
 * `pending` (from your own query) or `tag` (what the write is about, e.g. {type: 'notification-read',
 * id: 12}: see use-pending-writes.ts).
 */
import './sync.css';
import type { OutboxTag } from '../../db/app-db';
import { usePendingWrites } from '../use-pending-writes';

function Marker() {
  return (
    <span className="pending-sync" title="This change will be sent when the connection returns">
      Pending sync
    </span>
  );
}

function ByTag({ tag }: { tag: OutboxTag }) {
  return usePendingWrites(tag).pending ? <Marker /> : null;
}

export function PendingSyncMarker({ pending, tag }: { pending?: boolean; tag?: OutboxTag }) {
  if (pending !== undefined) return pending ? <Marker /> : null;
  return tag ? <ByTag tag={tag} /> : null;
}
