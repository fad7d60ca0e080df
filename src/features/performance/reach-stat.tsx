/**
 * The reach of the Social Ad Summary (spec part 3 §4): a value of 'miss' shows a spinner until a
 * live reach_update for this cell arrives (reach-live.ts stores it in reachValues), and
 * N/A if none arrives in REACH_WAIT_MS.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { SocialSummary } from '../../api/contracts/performance';
import { db } from '../../db/db';
import { useSession } from '../../db/use-session';
import { reachKey } from './reach-live';
import { StatTile } from './stat-tile';
import type { Filters } from './use-filters';

export const REACH_WAIT_MS = 15_000;

export function ReachStat({ reach, filters }: { reach: SocialSummary['reach']; filters: Filters }) {
  const { user_id: userId } = useSession();
  const miss = reach.value === 'miss' ? reach : null;
  const key = miss
    ? reachKey({
        id: miss.id,
        level: miss.level,
        start_date: filters.range.start_date,
        end_date: filters.range.end_date,
      })
    : null;
  const arrived = useLiveQuery(
    async () => (key && userId !== null ? ((await db.reachValues.get([userId, key])) ?? null) : null),
    [key, userId],
  );
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    setGaveUp(false);
    if (!key) return;
    const timer = setTimeout(() => setGaveUp(true), REACH_WAIT_MS);
    return () => clearTimeout(timer);
  }, [key]);

  if (reach.value !== 'miss') return <StatTile name="reach" stat={reach as never} />;
  const value = typeof arrived?.reach === 'number' ? arrived.reach : null;
  if (value !== null) {
    const change = typeof arrived?.performance_change === 'number' ? arrived.performance_change : 0;
    return (
      <StatTile
        name="reach"
        stat={{ title: 'Reach', value, previous_value: 0, performance_change: change }}
      />
    );
  }
  return (
    <div className="perf-stat">
      <dt className="perf-stat__label">Reach</dt>
      <dd className="perf-stat__value" data-stat="reach" aria-busy={!gaveUp || undefined}>
        {gaveUp ? (
          'N/A'
        ) : (
          <span className="perf-reach-wait">
            <span className="spinner" aria-hidden="true" />
            <span className="visually-hidden">Reach is loading</span>
          </span>
        )}
      </dd>
    </div>
  );
}
