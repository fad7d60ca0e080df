/**
 * Device Breakdown (spec part 3 §2.5): a provider switch (ppc, the default, or lsa), two pies
 * (Leads and Clicks by device type: Computers, Mobile Devices, Tablets, Other) and the table.
 */
import { useMemo, useState } from 'react';
import { DEVICE_PROVIDERS, DeviceGraph, TableResponse } from '../../api/contracts/performance';
import { CHART_FONT, ChartBox, PALETTE } from './chart-box';
import { formatValue } from './format';
import { useReport } from './perf-read';
import { ReportTable } from './report-table';
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

export function DeviceBreakdown({ filters }: { filters: Filters }) {
  const [provider, setProvider] = useState<(typeof DEVICE_PROVIDERS)[number]>('ppc');
  const pies = useReport(DeviceGraph, '/performance/devices/breakdown_graph', filters, { provider });
  const table = useReport(TableResponse, '/performance/devices/breakdown', filters, { provider });
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
