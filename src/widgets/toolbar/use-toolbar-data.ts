/**
 * What the toolbar reads for a table type, stale-while-revalidate (so the menus open offline):
 * saved and recent filters, the New filter's fields and the column config. Saved filters deleted
 * on this device stay hidden until the server's list no longer has them.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { FilterFieldsResponse, FiltersResponse, TableConfigResponse } from '@/api/contracts/toolbar';
import { useSession } from '@/db/use-session';
import { listOutbox } from '@/sync/outbox';
import { useCachedRead } from '@/sync/use-cached-read';
import { filterFieldsPath, filtersPath, tableConfigPath } from './toolbar-api';

export function useToolbarData(type: string) {
  const { user_id: userId } = useSession();
  const filters = useCachedRead(FiltersResponse, filtersPath(type));
  const fields = useCachedRead(FilterFieldsResponse, filterFieldsPath(type));
  const config = useCachedRead(TableConfigResponse, tableConfigPath(type));
  const pending = useLiveQuery(async () => (userId === null ? [] : listOutbox(userId)), [userId], []);
  const deleting = new Set(
    pending
      .filter(
        (item) => item.method === 'DELETE' && item.url === filtersPath(type) && item.body.kind === 'json',
      )
      .map((item) => (item.body.kind === 'json' ? (item.body.json as { name?: string }).name : undefined)),
  );
  const configPending = pending.some((item) => item.url === tableConfigPath(type));
  return {
    userId,
    saved: (filters.data?.saved_filters ?? []).filter((f) => !deleting.has(f.name)),
    recent: filters.data?.recent_filters ?? [],
    queries: (filters.data?.query_filters ?? []).map((q) => q.query),
    fields: fields.data?.fields ?? [],
    columns: config.data?.required_fields ?? [],
    /** The column config has answered (or cannot: offline and never read, an error). */
    columnsKnown: config.data !== undefined || config.error !== null,
    configPending,
    refreshFilters: filters.refresh,
    refreshConfig: config.refresh,
  };
}
