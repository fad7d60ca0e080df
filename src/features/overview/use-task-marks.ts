/**
 * What the outbox says about the tasks on screen: a submission still waiting ("Pending sync"),
 * one the server refused (its message), and tasks marked viewed offline (their dot is gone
 * already). Read live from Dexie by tag type, so it follows the sender in any tab.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useSession } from '../../db/use-session';
import { writesOfType } from '../../sync/use-pending-writes';
import { TASK_TAG_TYPE } from '../../widgets/task-forms/task-api';
import { VIEWED_TAG_TYPE } from './overview-api';

export type TaskMarks = {
  pending: Set<number>;
  failed: Map<number, string>;
  viewed: Set<number>;
};

const EMPTY: TaskMarks = { pending: new Set(), failed: new Map(), viewed: new Set() };

export function useTaskMarks(): TaskMarks {
  const { user_id: userId } = useSession();
  return (
    useLiveQuery(async () => {
      if (userId === null) return EMPTY;
      const marks: TaskMarks = { pending: new Set(), failed: new Map(), viewed: new Set() };
      for (const item of await writesOfType(userId, TASK_TAG_TYPE)) {
        const id = Number(item.tag?.id);
        if (!Number.isInteger(id)) continue;
        if (item.status === 'failed') marks.failed.set(id, item.error ?? 'The server refused this change');
        else marks.pending.add(id);
      }
      for (const item of await writesOfType(userId, VIEWED_TAG_TYPE)) marks.viewed.add(Number(item.tag?.id));
      return marks;
    }, [userId]) ?? EMPTY
  );
}
