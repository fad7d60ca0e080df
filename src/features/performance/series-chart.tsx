/**
 * A dated graph answer (SeriesGraph) drawn as bars, stacked bars or lines, with its figures as the
 * text alternative. `names` maps series keys to their legend names (and picks which to draw).
 */
import { useMemo } from 'react';
import type { SeriesGraph } from '../../api/contracts/performance';
import type { ChartOption } from '../../ui/chart';
import { BASE_OPTION, ChartBox, PALETTE } from './chart-box';
import { bucketLabel, formatValue, type Kind } from './format';

export function SeriesChart({
  title,
  graph,
  names,
  kind = 'count',
  type = 'line',
  stacked = false,
  dualAxis = false,
  area = false,
  loading,
}: {
  title: string;
  graph: SeriesGraph | undefined;
  names: Record<string, string>;
  kind?: Kind;
  type?: 'line' | 'bar';
  stacked?: boolean;
  /** The second series on its own right-hand axis. */
  dualAxis?: boolean;
  /** Lines drawn as areas. */
  area?: boolean;
  loading?: boolean;
}) {
  const namesKey = JSON.stringify(names);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names' content, not their identity
  const keys = useMemo(() => Object.keys(names), [namesKey]);
  const dates = useMemo(() => graph?.series[keys[0]]?.map((p) => p.date) ?? [], [graph, keys]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names' content, not their identity
  const option = useMemo<ChartOption>(() => {
    const interval = graph?.interval ?? 'day';
    return {
      ...BASE_OPTION,
      color: PALETTE,
      xAxis: { type: 'category', data: dates.map((d) => bucketLabel(d, interval)) },
      yAxis: dualAxis
        ? [{ type: 'value' }, { type: 'value', splitLine: { show: false } }]
        : { type: 'value' },
      series: keys.map((k, i) => ({
        type,
        name: names[k],
        data: graph?.series[k]?.map((p) => p.value) ?? [],
        ...(stacked ? { stack: 'total' } : {}),
        ...(dualAxis ? { yAxisIndex: i > 0 ? 1 : 0 } : {}),
        ...(type === 'line' ? { showSymbol: false, ...(area ? { areaStyle: { opacity: 0.25 } } : {}) } : {}),
      })),
    } as ChartOption;
  }, [graph, dates, keys, namesKey, type, stacked, dualAxis, area]);
  const interval = graph?.interval ?? 'day';
  return (
    <ChartBox
      title={title}
      option={option}
      loading={loading}
      table={{
        columns: [interval === 'day' ? 'Day' : 'Month', ...keys.map((k) => names[k])],
        rows: dates.map((d, i) => [
          bucketLabel(d, interval),
          ...keys.map((k) => formatValue(graph?.series[k]?.[i]?.value ?? 0, kind)),
        ]),
      }}
    />
  );
}
