/**
 * Records the changes that leave the signed-in user's outbox delivered, as this page watches it
 * (outbox-history.ts says why there are two sightings). Items are followed by id (an edited item
 * keeps its row under a new key); the tracker starts afresh when the user changes.
 */
import { useEffect, useRef } from 'react';
import type { OutboxItem } from '../../db/app-db';
import { useOutbox } from '../use-outbox';
import { departed, entryOf, recordSent } from './outbox-history';

export function useOutboxHistory(): void {
  const { items, userId } = useOutbox();
  const seen = useRef<{ userId: number | null; items: OutboxItem[] }>({ userId: null, items: [] });
  useEffect(() => {
    const before = seen.current.userId === userId ? seen.current.items : [];
    seen.current = { userId, items };
    if (userId === null) return;
    const sent = departed(before, items);
    if (sent.length > 0)
      recordSent(
        userId,
        sent.map((item) => entryOf(item)),
      );
  }, [items, userId]);
}
