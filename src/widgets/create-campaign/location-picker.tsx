/**
 * Step 2 of campaign creation: the counties the account may target for the service (cursor
 * paged, searchable), each with its prices and zip codes. Choosing a county selects all its
 * zips; zips can then be unchecked, except the only zip of a county. A county without zips
 * cannot be chosen ('Unable to select location with no zipcodes').
 */
import { CAMPAIGN_MESSAGES, type CampaignLocation, LocationsResponse } from '@/api/contracts/campaigns';
import { useCachedRead } from '@/sync/use-cached-read';
import { Checkbox } from '@/ui/inputs/checkbox';
import { SearchInput } from '@/ui/inputs/search-input';
import { toastError } from '@/ui/toast';
import { usePagedSearch } from '@/ui/use-paged-search';
import { LOCATIONS_PATH } from './create-campaign-api';

/** The search starts at this many typed characters. */
const SEARCH_FROM_CHARS = 3;

/** County id -> its chosen zips (plain data: it is a value of the modal's form). */
export type Selection = Readonly<Record<number, readonly string[]>>;

type Props = {
  accountRef: string;
  service: string;
  selection: Selection;
  onChange: (next: Selection) => void;
};

export function LocationPicker({ accountRef, service, selection, onChange }: Props) {
  const { typed, setTyped, query, cursors, more } = usePagedSearch(SEARCH_FROM_CHARS);

  const choose = (location: CampaignLocation, on: boolean) => {
    const { [location.id]: _dropped, ...next } = selection;
    if (!on) onChange(next);
    else if (location.zipcodes.length === 0) toastError('Error', CAMPAIGN_MESSAGES.noZipcodesCreate);
    else onChange({ ...next, [location.id]: location.zipcodes.map((z) => z.zipcode) });
  };
  const toggleZip = (location: CampaignLocation, zip: string) => {
    const zips = selection[location.id] ?? [];
    if (!zips.includes(zip)) onChange({ ...selection, [location.id]: [...zips, zip] });
    // A county keeps at least one zip.
    else if (zips.length > 1) onChange({ ...selection, [location.id]: zips.filter((z) => z !== zip) });
  };

  return (
    <div className="location-picker">
      <SearchInput
        className="location-picker__search"
        label="Search locations"
        placeholder="Search counties or zip codes"
        value={typed}
        onChange={setTyped}
      />
      <ul className="location-picker__list" aria-label="Locations">
        {cursors.map((cursor, index) => (
          <PickerPage
            key={`${query}|${cursor ?? ''}`}
            params={{
              account_ref_id: accountRef,
              service_name: service,
              query: query || undefined,
              next: cursor,
            }}
            first={index === 0}
            last={index === cursors.length - 1}
            onMore={more}
            render={(location) => {
              const zips = selection[location.id];
              return (
                <li key={location.id} className="location-picker__item">
                  <Checkbox
                    className="location-picker__county"
                    checked={!!zips}
                    onChange={(checked) => choose(location, checked)}
                    label={
                      <>
                        {location.name}, {location.state}
                        <span className="location-picker__prices">
                          Call ${location.prices.call} · Form ${location.prices.form}
                        </span>
                      </>
                    }
                  />
                  {zips ? (
                    <fieldset className="location-picker__zips" aria-label={`Zip codes of ${location.name}`}>
                      {location.zipcodes.map((z) => (
                        <Checkbox
                          key={z.zipcode}
                          label={z.zipcode}
                          checked={zips.includes(z.zipcode)}
                          disabled={zips.length === 1 && zips.includes(z.zipcode)}
                          onChange={() => toggleZip(location, z.zipcode)}
                        />
                      ))}
                    </fieldset>
                  ) : null}
                </li>
              );
            }}
          />
        ))}
      </ul>
    </div>
  );
}

type PageProps = {
  params: Record<string, string | undefined>;
  first: boolean;
  last: boolean;
  onMore: (next: string) => void;
  render: (location: CampaignLocation) => React.ReactNode;
};

function PickerPage({ params, first, last, onMore, render }: PageProps) {
  const read = useCachedRead(LocationsResponse, LOCATIONS_PATH, { query: params });
  const data = read.data;
  if (!data)
    return (
      <li className="location-picker__note">{read.loading ? 'Loading locations…' : read.error?.message}</li>
    );
  if (first && data.locations.length === 0)
    return <li className="location-picker__note">{CAMPAIGN_MESSAGES.noLocations}</li>;
  return (
    <>
      {data.locations.map(render)}
      {last && data.next ? (
        <li>
          <button type="button" className="button button--ghost" onClick={() => onMore(data.next as string)}>
            Show more
          </button>
        </li>
      ) : null}
    </>
  );
}
