/**
 * One county of the Locations tab: name, prices, its status switch (only with
 * trigger_location_status), the zip-code popover with a checkbox per zip, and the targeting
 * button: 'Target All' with no zip chosen, 'Update' with some, 'Target' with all of them.
 * A county already targeted is disabled; one without zips answers 'Unable to target location
 * with no zipcodes'. Targeting goes through the outbox; its success toast follows delivery.
 */
import { useId, useState } from 'react';
import { CAMPAIGN_MESSAGES, type CampaignDetail, type CampaignLocation } from '../../api/contracts/campaigns';
import { Checkbox } from '../../ui/inputs/checkbox';
import { toastError } from '../../ui/toast';
import { countyTag, setCountyStatus, targetCounty, targetTag } from './campaigns-api';
import { formatMoney } from './format';
import { StatusToggle } from './status-toggle';
import { useTaggedWrite } from './use-tagged-write';

type Props = { campaign: CampaignDetail; location: CampaignLocation; userId: number | null };

/** The targeting button's label for a selection (spec part 3 §4). */
export function targetLabel(selected: number, total: number): 'Target All' | 'Update' | 'Target' {
  if (selected === 0) return 'Target All';
  return selected < total ? 'Update' : 'Target';
}

export function CountyItem({ campaign, location, userId }: Props) {
  const popoverId = useId();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const targeting = useTaggedWrite<{ locations: string[] }>(targetTag(campaign.id, location.id));
  const zips = location.zipcodes;
  const targeted = location.is_target || targeting.pending;
  const label = targetLabel(selected.size, zips.length);
  const blocked = campaign.is_locked
    ? 'The account is locked'
    : !campaign.trigger_location_status
      ? 'County status cannot be changed for this campaign'
      : null;

  async function target() {
    if (userId === null) return;
    const chosen = selected.size ? [...selected] : zips.map((z) => z.zipcode);
    if (chosen.length === 0) {
      toastError('Error', CAMPAIGN_MESSAGES.noZipcodes);
      return;
    }
    await targeting.discard();
    const id = await targetCounty(userId, campaign, location, chosen);
    targeting.track(id, CAMPAIGN_MESSAGES.targeted);
    setOpen(false);
  }

  const toggleZip = (zip: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(zip)) next.delete(zip);
      else next.add(zip);
      return next;
    });

  return (
    <li className="county" data-county={location.id}>
      <div className="county__main">
        <p className="county__name">
          {location.name}, {location.state}
        </p>
        <p className="county__prices">
          Call {formatMoney(location.prices.call)} · Form {formatMoney(location.prices.form)}
        </p>
      </div>
      <StatusToggle
        kind="County"
        name={location.name}
        status={location.status}
        serverPending={location.pending}
        blocked={blocked}
        tag={countyTag(campaign.id, location.id)}
        send={(body) =>
          userId === null
            ? Promise.reject(new Error('Not signed in'))
            : setCountyStatus(userId, campaign, location, {
                status: body.status,
                locations: [location.id],
                ...(body.pause_duration ? { pause_duration: body.pause_duration } : {}),
              })
        }
      />
      <div className="county__actions">
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={popoverId}
          onClick={() => setOpen((o) => !o)}
        >
          {zips.length} zip codes
        </button>
        <button
          type="button"
          className="button button--primary county__target"
          disabled={targeted || campaign.is_locked}
          onClick={() => void target()}
        >
          {targeted ? (targeting.pending ? CAMPAIGN_MESSAGES.pending : 'Targeted') : label}
        </button>
      </div>
      {targeting.failed ? (
        <p className="county__failed" role="alert">
          {targeting.failed.error}{' '}
          <button type="button" className="link-button" onClick={() => void targeting.discard()}>
            Dismiss
          </button>
        </p>
      ) : null}
      {open ? (
        <fieldset id={popoverId} className="zip-popover" aria-label={`Zip codes of ${location.name}`}>
          {zips.length === 0 ? <p>No zip codes</p> : null}
          {zips.map((z) => (
            <Checkbox
              key={z.zipcode}
              className="zip-popover__zip"
              label={z.zipcode}
              checked={location.is_target ? z.targeted : selected.has(z.zipcode)}
              disabled={targeted}
              onChange={() => toggleZip(z.zipcode)}
            />
          ))}
        </fieldset>
      ) : null}
    </li>
  );
}
