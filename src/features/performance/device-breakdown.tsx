/**
 * Device Breakdown (spec part 3 §2.5): a provider switch (ppc, the default, or lsa), two pies
 * (Leads and Clicks by device type: Computers, Mobile Devices, Tablets, Other) and the table with
 * its CSV export. A block of the search screen and, with the rollup header, its own screen
 * (/dashboard/performance/devices, DevicesScreen).
 */
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { DEVICE_PROVIDERS, DeviceGraph, TableResponse } from '../../api/contracts/performance';
import { dashboardPath } from '../../lib/routes';
import { CHART_FONT, ChartBox, PALETTE } from './chart-box';
import { formatValue } from './format';
import { useReport } from './perf-read';
import { ReportTable } from './report-table';
import { TableExport } from './table-export';
import type { Filters } from './use-filters';

function DevicePie({
  name,
  data,
  loading,
}: {
  name: string;
  data: { name: string; value: number }[];
  loading: boolean;
}) {
  const option = useMemo(
    () => ({
      color: PALETTE,
      textStyle: { fontFamily: CHART_FONT },
      tooltip: { trigger: 'item' as const },
      legend: { bottom: 0, textStyle: { fontSize: 12 } },
      series: [
        { type: 'pie' as const, name, radius: '65%', center: ['50%', '45%'], label: { show: false }, data },
      ],
    }),
    [name, data],
  );
  return (
    <ChartBox
      title={`${name} by Device`}
      option={option}
      loading={loading}
      height={260}
      table={{ columns: ['Device', name], rows: data.map((d) => [d.name, formatValue(d.value)]) }}
    />
  );
}

type DeviceProvider = (typeof DEVICE_PROVIDERS)[number];

/** The device reads for the provider tab (the table is the devices screen's primary read). */
export function useDevices(filters: Filters) {
  const [provider, setProvider] = useState<DeviceProvider>('ppc');
  const extra = useMemo(() => ({ provider }), [provider]);
  const pies = useReport(DeviceGraph, '/performance/devices/breakdown_graph', filters, extra);
  const table = useReport(TableResponse, '/performance/devices/breakdown', filters, extra);
  return { provider, setProvider, pies, table };
}

export function DeviceBreakdown({
  devices,
  filters,
  locationCount,
  linkToScreen = false,
}: {
  devices: ReturnType<typeof useDevices>;
  filters: Filters;
  locationCount: number;
  /** A link to the devices screen (from the search screen's block). */
  linkToScreen?: boolean;
}) {
  const { provider, setProvider, pies, table } = devices;
  return (
    <>
      <ReportTable
        title="Device Breakdown"
        data={table.data}
        loading={table.loading}
        page={1}
        perPage={20}
        onPage={() => {}}
        actions={
          <div className="perf-panel__actions">
            {linkToScreen ? (
              <Link href={dashboardPath('performance', 'devices')} className="link-button">
                Open Device Breakdown
              </Link>
            ) : null}
            <fieldset className="perf-tabs">
              <legend className="visually-hidden">Device provider</legend>
              {DEVICE_PROVIDERS.map((p) => (
                <button
                  key={p}
                  type="button"
                  className="button button--ghost"
                  aria-pressed={provider === p}
                  onClick={() => setProvider(p)}
                >
                  {p.toUpperCase()}
                </button>
              ))}
            </fieldset>
            <TableExport
              type="device-breakdown"
              noun="device types"
              filters={filters}
              locationCount={locationCount}
              tab={{ name: 'provider', value: provider }}
            />
          </div>
        }
      />
      <div className="perf-grid perf-grid--2">
        {(pies.data ?? []).map((pie) => (
          <DevicePie key={pie.name} name={pie.name} data={pie.data} loading={pies.loading} />
        ))}
      </div>
    </>
  );
}
