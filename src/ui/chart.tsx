/**
 * The one chart module: the only importer of echarts (a lint rule keeps it so). It registers just
 * what the spec's dashboards draw, so the bundle carries those and not all of echarts: bar, line
 * (area is a line with areaStyle), pie (donut is a pie with an inner radius); grid, tooltip,
 * legend, title and dataset; the SVG renderer (crisp at any zoom, and text a test can read).
 *
 * - One echarts instance per mounted <Chart>, created on mount and disposed on unmount, so a
 *   screen that comes and goes leaks neither listeners nor DOM.
 * - `option` replaces the previous option whole (notMerge): a series dropped from the option
 *   disappears from the chart instead of lingering from the last render.
 * - The chart follows its container's size (ResizeObserver), not the window's: panels and grids
 *   change width without the window resizing.
 * - `loading` shows echarts' own spinner over the last drawn chart.
 */
import {
  BarChart as Bar,
  type BarSeriesOption,
  LineChart as Line,
  type LineSeriesOption,
  PieChart as Pie,
  type PieSeriesOption,
} from 'echarts/charts';
import {
  DatasetComponent as Dataset,
  type DatasetComponentOption,
  GridComponent as Grid,
  type GridComponentOption,
  LegendComponent as Legend,
  type LegendComponentOption,
  TitleComponent as Title,
  type TitleComponentOption,
  TooltipComponent as Tooltip,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, type ECharts, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';

use([Bar, Line, Pie, Dataset, Grid, Legend, Title, Tooltip, SVGRenderer]);

/** The options the registered charts and components understand; anything else is a type error. */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | DatasetComponentOption
  | GridComponentOption
  | LegendComponentOption
  | TitleComponentOption
  | TooltipComponentOption
>;

export type ChartProps = {
  option: ChartOption;
  /** What the chart shows, for screen readers (the drawing itself is an image to them). */
  label: string;
  loading?: boolean;
  className?: string;
  /** The container's height; the width follows the layout. */
  height?: CSSProperties['height'];
};

export function Chart({ option, label, loading = false, className, height = 320 }: ChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.current = null;
      instance.dispose();
    };
  }, []);

  // Declared after the effect above, so on mount they find the instance it created.
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  useEffect(() => {
    if (loading) chart.current?.showLoading();
    else chart.current?.hideLoading();
  }, [loading]);

  return (
    <div
      ref={container}
      className={className}
      style={{ height }}
      role="img"
      aria-label={label}
      aria-busy={loading || undefined}
    />
  );
}
