/**
 * Step 1 of the service area task (spec part 2 §5, §9): the counties of the caller's service area
 * (GET /locations/search in its service-area mode), selected ones first, each with its zip codes.
 * The search starts at 3 typed characters after a 1 second pause; the list (400 px high) loads
 * the next page when its end scrolls into view, and a page of fewer than 10 ends it. Ticking a
 * zip code (or a county: all its zip codes) is shown at once and queued through the outbox
 * (POST /activities/service_areas/locations/add or /remove), so it also works offline.
 */
import { useEffect, useRef } from 'react';
import { endpointPath } from '../../api/contracts/endpoints';
import {
  type AreaLocation,
  AreaLocationsResponse,
  SEARCH_MIN_CHARS,
} from '../../api/contracts/service-areas';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { useCachedRead } from '../../sync/use-cached-read';
import { Checkbox } from '../../ui/inputs/checkbox';
import { TextInput } from '../../ui/inputs/text-input';
import { usePagedSearch } from '../../ui/use-paged-search';

export const AREA_LOCATIONS_PATH = endpointPath('GET /locations/search');
/** zip -> selected, as the user left it (over what the server said). */
export type ZipChoices = Map<string, boolean>;

type Props = {
  choices: ZipChoices;
  onToggle: (zips: string[], selected: boolean) => void;
  onLoaded: (locations: AreaLocation[]) => void;
};

export function ServiceAreaLocations({ choices, onToggle, onLoaded }: Props) {
  const { typed, setTyped, query, cursors, more } = usePagedSearch(SEARCH_MIN_CHARS);
  const isOn = (zip: { zipcode: string; selected: boolean }) => choices.get(zip.zipcode) ?? zip.selected;

  return (
    <div className="area-picker">
      <TextInput
        id="area-picker-search"
        type="search"
        label="Search locations"
        hideLabel
        placeholder="Search counties or zip codes"
        value={typed}
        onChange={setTyped}
        error={null}
      />
      <ul className="area-picker__list" aria-label="Locations">
        {cursors.map((cursor, index) => (
          <AreaPage
            key={`${query}|${cursor ?? ''}`}
            query={{ query: query || undefined, next: cursor }}
            first={index === 0}
            last={index === cursors.length - 1}
            onLoaded={onLoaded}
            onMore={more}
            render={(location) => {
              const on = location.zipcodes.filter(isOn);
              return (
                <li key={location.name} className="area-picker__item">
                  <Checkbox
                    className="area-picker__county"
                    checked={on.length > 0 && on.length === location.zipcodes.length}
                    indeterminate={on.length > 0 && on.length < location.zipcodes.length}
                    disabled={location.zipcodes.length === 0}
                    onChange={(checked) =>
                      onToggle(
                        location.zipcodes.map((z) => z.zipcode),
                        checked,
                      )
                    }
                    label={
                      <>
                        {location.name}
                        <span className="area-picker__count">
                          {on.length} of {location.zipcodes.length} ZIP codes
                        </span>
                      </>
                    }
                  />
                  <fieldset className="area-picker__zips" aria-label={`Zip codes of ${location.name}`}>
                    {location.zipcodes.map((z) => (
                      <Checkbox
                        key={z.zipcode}
                        label={z.zipcode}
                        checked={isOn(z)}
                        onChange={(checked) => onToggle([z.zipcode], checked)}
                      />
                    ))}
                  </fieldset>
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
  query: Record<string, string | undefined>;
  first: boolean;
  last: boolean;
  onLoaded: (locations: AreaLocation[]) => void;
  onMore: (next: string) => void;
  render: (location: AreaLocation) => React.ReactNode;
};

function AreaPage({ query, first, last, onLoaded, onMore, render }: PageProps) {
  const read = useCachedRead(AreaLocationsResponse, AREA_LOCATIONS_PATH, { query });
  const data = read.data;
  const end = useRef<HTMLLIElement>(null);
  const next = last ? data?.next : null;
  useEffect(() => {
    if (data) onLoaded(data.locations);
  }, [data, onLoaded]);
  useEffect(() => {
    const node = end.current;
    if (!next || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onMore(next);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [next, onMore]);
  if (!data)
    return <li className="area-picker__note">{read.loading ? 'Loading locations…' : read.error?.message}</li>;
  if (first && data.locations.length === 0) return <li className="area-picker__note">No locations found.</li>;
  return (
    <>
      {first && read.offline ? (
        <li className="area-picker__note">
          <OfflineBadge offline={read.offline} asOf={read.asOf} />
        </li>
      ) : null}
      {data.locations.map(render)}
      {next ? (
        <li ref={end}>
          <button type="button" className="button button--ghost" onClick={() => onMore(next)}>
            Show more
          </button>
        </li>
      ) : null}
    </>
  );
}
