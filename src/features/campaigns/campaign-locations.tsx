/**
 * The drawer's Locations tab (spec part 3 §4, §5, §9): the campaign's counties in a 400 px list,
 * paged by cursor (a page of fewer than 10 ends it; 'Show more' asks for the next), and a search
 * that starts after more than 2 characters, 1 s after typing stops, and clears when emptied.
 * Each page is its own stale-while-revalidate read, so a list seen before reads offline; a county
 * write or a live switch_status refreshes every stored page (campaigns-api.ts `campaignReads`).
 */
import { useEffect, useState } from 'react';
import { CAMPAIGN_MESSAGES, type CampaignDetail, LocationsResponse } from '../../api/contracts/campaigns';
import { useCachedRead } from '../../sync/use-cached-read';
import { SearchInput } from '../../ui/inputs/search-input';
import { LOCATION_SEARCH_PATH, locationsPath } from './campaigns-live';
import { CountyItem } from './county-item';

export const SEARCH_DEBOUNCE_MS = 1000;
const MIN_SEARCH = 3;

type Props = { campaign: CampaignDetail; userId: number | null };

export function CampaignLocations({ campaign, userId }: Props) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);

  useEffect(() => {
    const text = typed.trim();
    const apply = (next: string) => {
      setSearch(next);
      setCursors([undefined]);
    };
    if (text === '') {
      apply('');
      return;
    }
    if (text.length < MIN_SEARCH) return;
    const timer = setTimeout(() => apply(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  return (
    <div className="campaign-locations">
      {campaign.search_location ? (
        <SearchInput
          className="campaign-locations__search"
          label="Search locations"
          placeholder="Search counties or zip codes"
          value={typed}
          onChange={setTyped}
        />
      ) : null}
      <ul className="campaign-locations__list" aria-label="Locations">
        {cursors.map((cursor, index) => (
          <LocationPage
            key={`${search}|${cursor ?? ''}`}
            campaign={campaign}
            userId={userId}
            search={search}
            cursor={cursor}
            first={index === 0}
            last={index === cursors.length - 1}
            onMore={(next) => setCursors((c) => [...c, next])}
          />
        ))}
      </ul>
    </div>
  );
}

type PageProps = Props & {
  search: string;
  cursor?: string;
  first: boolean;
  last: boolean;
  onMore: (next: string) => void;
};

function LocationPage({ campaign, userId, search, cursor, first, last, onMore }: PageProps) {
  const read = useCachedRead(LocationsResponse, search ? LOCATION_SEARCH_PATH : locationsPath(campaign.id), {
    query: search ? { query: search, campaign_ref_id: campaign.ref_id, next: cursor } : { next: cursor },
  });
  const data = read.data;
  if (!data) {
    return (
      <li className="campaign-locations__note" role={read.error ? 'alert' : undefined}>
        {read.loading ? 'Loading locations…' : (read.error?.message ?? '')}
      </li>
    );
  }
  if (first && data.locations.length === 0) {
    return <li className="campaign-locations__note">{CAMPAIGN_MESSAGES.noLocations}</li>;
  }
  return (
    <>
      {data.locations.map((location) => (
        <CountyItem key={location.id} campaign={campaign} location={location} userId={userId} />
      ))}
      {last && data.next ? (
        <li className="campaign-locations__more">
          <button type="button" className="button button--ghost" onClick={() => onMore(data.next as string)}>
            Show more
          </button>
        </li>
      ) : null}
    </>
  );
}
