/**
 * /dashboard/performance/devices (spec part 3 §2.5 Device Breakdown): the rollup header (range,
 * locations, "as of") over the device table, its provider switch (ppc by default) and the Leads
 * and Clicks pies. The table is the screen's primary read, so it is readable offline like the
 * other rollup screens.
 */
import { DeviceBreakdown, useDevices } from './device-breakdown';
import { type Screen, ScreenFrame } from './screen-frame';
import type { Filters } from './use-filters';

export function DevicesScreen({ s, filters }: { s: Screen; filters: Filters }) {
  const devices = useDevices(filters);
  return (
    <ScreenFrame title="Device Breakdown" s={s} read={devices.table}>
      <DeviceBreakdown devices={devices} filters={filters} locationCount={s.locations.length} />
    </ScreenFrame>
  );
}
