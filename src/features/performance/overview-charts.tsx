/** The performance page's charts (spec part 3 §2.3): services donut, channels pie, leads by weekday. */
import { useMemo } from 'react';
import type { OverviewResponse } from '../../api/contracts/performance';
import { BASE_OPTION, CHART_FONT, ChartBox, PALETTE } from './chart-box';
import { formatValue } from './format';

const pie = (name: string, data: { name: string; value: number }[], donut: boolean) => ({
  color: PALETTE,
  textStyle: { fontFamily: CHART_FONT },
  tooltip: { trigger: 'item' as const },
  legend: { bottom: 0, type: 'scroll' as const, textStyle: { fontSize: 12 } },
  series: [
    {
      type: 'pie' as const,
      name,
      radius: donut ? ['45%', '70%'] : '70%',
      center: ['50%', '45%'],
      label: { show: false },
      data,
    },
  ],
});

export function OverviewCharts({ data, loading }: { data: OverviewResponse; loading: boolean }) {
  const services = useMemo(
    () => data.services.map((s) => ({ name: s.service_name, value: s.total_leads })),
    [data],
  );
  const channels = useMemo(
    () => data.channels.map((c) => ({ name: c.channel_name, value: Number(c.total_leads) })),
    [data],
  );
  const week = data.per_week_days;
  const total = week.reduce((n, d) => n + d.calls + d.forms, 0);
  const weekOption = useMemo(
    () => ({
      ...BASE_OPTION,
      color: PALETTE,
      xAxis: {
        type: 'category' as const,
        data: week.map((d) => d.day),
        axisLabel: { interval: 0, fontSize: 11 },
      },
      yAxis: { type: 'value' as const, minInterval: 1 },
      series: [
        { type: 'bar' as const, name: 'Call Leads', data: week.map((d) => d.calls) },
        { type: 'bar' as const, name: 'Form Leads', data: week.map((d) => d.forms) },
      ],
    }),
    [week],
  );
  const serviceOption = useMemo(() => pie('Services', services, true), [services]);
  const channelOption = useMemo(() => pie('Channels', channels, false), [channels]);
  return (
    <div className="perf-grid perf-grid--3">
      <ChartBox
        title="Services"
        option={serviceOption}
        loading={loading}
        table={{ columns: ['Service', 'Leads'], rows: services.map((s) => [s.name, s.value]) }}
      />
      <ChartBox
        title="Channels"
        option={channelOption}
        loading={loading}
        table={{
          columns: ['Channel', 'Share of leads'],
          rows: channels.map((c) => [c.name, formatValue(c.value, 'percent')]),
        }}
      />
      <ChartBox
        title="Leads by Weekday"
        option={weekOption}
        loading={loading}
        extra={
          <p className="perf-chart__total" data-total="weekday">
            Total leads generated: <strong>{formatValue(total)}</strong>
          </p>
        }
        table={{
          columns: ['Day', 'Call Leads', 'Form Leads'],
          rows: week.map((d) => [d.day, d.calls, d.forms]),
        }}
      />
    </div>
  );
}
