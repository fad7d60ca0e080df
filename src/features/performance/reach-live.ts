/**
 * reach_update live messages (spec part 3: a cell showing 'miss' waits for its reach): the value
 * lands in `reachValues` under the cell's key, which the waiting cell (reach-stat.tsx) observes.
 * Registered at app start (app/install-handlers.ts): the value may arrive before the cell shows.
 */
import { db } from '../../db/db';
import { registerLiveEffect } from '../../sync/live-effects';
import { isObject, text } from '../../sync/live-payload';

/** The cell a reach value belongs to: level (null = row, ad, account), id and date range. */
export function reachKey(cell: { id?: unknown; level?: unknown; start_date?: unknown; end_date?: unknown }) {
  return `${text(cell.level) ?? 'row'}:${String(cell.id)}:${text(cell.start_date) ?? ''}:${text(cell.end_date) ?? ''}`;
}

export function registerReachLiveEffects(): () => void {
  return registerLiveEffect('reach_update', {
    tables: [db.reachValues],
    apply: async (userId, payload, now) => {
      if (payload.id === undefined || payload.id === null) return;
      const data = isObject(payload.data) ? payload.data : {};
      await db.reachValues.put({
        user_id: userId,
        key: reachKey(payload),
        reach: data.reach ?? null,
        performance_change: data.performance_change ?? null,
        updated_at: now,
      });
    },
  });
}
