/** A weekday graph answer (Monday..Sunday) as bars or lines, axis labels Mon..Sun (spec §9). */
import { useMemo } from 'react';
import { WEEKDAY_LABELS, type WeekdayGraph } from '../../api/contracts/performance';
import { BASE_OPTION, ChartBox, PALETTE } from './chart-box';
import { formatValue } from './format';

export function WeekdayChart({
  title,
  graph,
  names,
  type = 'bar',
  loading,
}: {
  title: string;
  graph: WeekdayGraph | undefined;
  names: Record<string, string>;
  type?: 'bar' | 'line';
  loading?: boolean;
}) {
  const namesKey = JSON.stringify(names);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names' content, not their identity
  const option = useMemo(
    () => ({
      ...BASE_OPTION,
      color: PALETTE,
      xAxis: {
        type: 'category' as const,
        data: [...WEEKDAY_LABELS],
        axisLabel: { interval: 0, fontSize: 11 },
      },
      yAxis: { type: 'value' as const },
      series: Object.entries(names).map(([key, name]) => ({
        type,
        name,
        data: graph?.graph.map((d) => d.values[key] ?? 0) ?? [],
      })),
    }),
    [graph, namesKey, type],
  );
  return (
    <ChartBox
      title={title}
      option={option as never}
      loading={loading}
      table={{
        columns: ['Day', ...Object.values(names)],
        rows: (graph?.graph ?? []).map((d, i) => [
          WEEKDAY_LABELS[i],
          ...Object.keys(names).map((k) => formatValue(d.values[k] ?? 0)),
        ]),
      }}
    />
  );
}
