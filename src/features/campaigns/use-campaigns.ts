/**
 * The campaigns list for the screen (stale-while-revalidate, readable offline with "as of"). It
 * keeps current through its stored copy: a delivered campaign write (campaigns-api.ts) and a live
 * switch_status (campaigns-live.ts) fetch every stored variant of the list again, and the mounted
 * list shows the fresh row, in every tab, so 'Pending' clears.
 */
import type { CampaignsQueryInput } from '../../api/contracts/campaigns';
import { campaignsApi } from '../../api/contracts/routes/campaigns';
import { useSession } from '../../db/use-session';
import { useCachedRead } from '../../sync/use-cached-read';

const LIST = campaignsApi.postCampaigns;

/** `body` null: not yet known what to ask (the account's zone); the list shows as loading. */
export function useCampaigns(body: CampaignsQueryInput | null) {
  const { user_id: userId } = useSession();
  const cached = useCachedRead(LIST.response, body ? LIST.path : null, {
    method: LIST.method,
    body: body ?? undefined,
  });
  const read = body ? cached : { ...cached, loading: true };
  return { ...read, userId };
}
