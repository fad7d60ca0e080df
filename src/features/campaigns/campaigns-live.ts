/**
 * The campaigns' reads that change without the user, and the live effect that refreshes them
 * (spec part 1 §4): a switch_status on a Campaign (the platforms confirmed a status change, or a
 * timed pause ended; a county's carries level 'location') changes what the list, the campaign's
 * drawer and its counties show. The effect names those reads; the live channel fetches every
 * stored variant of them again (sync/read-refresh.ts), and the screens showing them follow their
 * stored rows, in every tab, so 'Pending' clears. Nothing of the message is kept but the message.
 * Registered at app start (app/install-handlers.ts): a message that arrives while another screen
 * is open still refreshes the list the campaigns screen opens with.
 *
 * It goes with the offline core into the start scripts (vite.config.ts GROUPS, `*-live.ts`), so it
 * imports nothing of the campaigns screen: the screen and its writes (campaigns-api.ts) take these
 * reads' paths from here.
 */

import { endpointPath } from '../../api/contracts/endpoints';
import { registerLiveEffect } from '../../sync/live-effects';
import { integer, objectOf } from '../../sync/live-payload';
import { everyStored } from '../../sync/read-refresh';

export const CAMPAIGNS_PATH = endpointPath('POST /campaigns');
export const campaignPath = (id: number) => endpointPath('GET /campaigns/:id', { id });
export const locationsPath = (id: number) => endpointPath('GET /campaigns/:id/locations', { id });
export const LOCATION_SEARCH_PATH = endpointPath('GET /locations/search');

/** Every stored variant of the campaigns list (each range, filter, search, sort and page). */
export const LIST_READS = everyStored(`POST ${CAMPAIGNS_PATH}`);

/**
 * What a campaign's status change touches, as far as this device has stored it: the list, the
 * drawer, its counties (each page, each search). A read never stored is not asked for.
 */
export const campaignReads = (id: number) => [
  LIST_READS,
  everyStored(campaignPath(id)),
  everyStored(locationsPath(id)),
  everyStored(LOCATION_SEARCH_PATH),
];

export function registerCampaignLiveEffects(): () => void {
  return registerLiveEffect('switch_status', {
    refresh: (payload) => {
      const id = integer(payload.id);
      return objectOf(payload) === 'campaign' && id !== null ? campaignReads(id) : [];
    },
  });
}
