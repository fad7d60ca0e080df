/**
 * A chart with its text alternative: the figures as a visually hidden table (screen readers read
 * the table; the drawing is hidden from them), inside a titled panel. The table and the panel are
 * there at once; the drawing (ui/chart, echarts in a chunk of its own) comes after the screen is
 * painted, in a box of its final height meanwhile.
 */
import type { ReactNode } from 'react';
import { Chart, type ChartOption } from '../../ui/chart';

export type ChartTable = { columns: string[]; rows: (string | number)[][] };

export function ChartBox({
  title,
  option,
  table,
  loading,
  height = 280,
  extra,
}: {
  title: string;
  option: ChartOption;
  table: ChartTable;
  loading?: boolean;
  height?: number;
  extra?: ReactNode;
}) {
  return (
    <section className="perf-panel perf-chart" aria-label={title}>
      <h2 className="perf-panel__title">{title}</h2>
      {extra}
      <div aria-hidden="true">
        <Chart option={option} label={title} loading={loading} height={height} />
      </div>
      {/* A table ignores the 1 px box of .visually-hidden: its wrapper takes the class. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, i) => (
                  <td key={table.columns[i]}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A concrete font: echarts measures text with it, and 'inherit' measures wrong (labels overlap). */
export const CHART_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

/** Shared look: small fonts and a legend at the top that wraps, legible at 390 px. */
export const BASE_OPTION: ChartOption = {
  grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
  tooltip: { trigger: 'axis' },
  legend: { top: 0, type: 'scroll', textStyle: { fontSize: 12 } },
  textStyle: { fontFamily: CHART_FONT },
};

export const PALETTE = ['#2563eb', '#f59e0b', '#10b981', '#8b5cf6', '#ef4444', '#0ea5e9'];
