/**
 * The chart drawing: the only importer of echarts and echarts-for-react (a lint rule keeps it so),
 * loaded lazily by ui/chart.tsx (its `Chart` is what screens render), so echarts sits in the
 * `chart-*` chunk that a screen asks for after its figures are painted. It registers just what the spec's dashboards draw, so the bundle carries those and not all
 * of echarts: bar, line (area is a line with areaStyle), pie (donut is a pie with an inner radius);
 * grid, tooltip, legend, title and dataset; the SVG renderer (crisp at any zoom, and text a test
 * can read). echarts-for-react's core component draws them: its `esm/core` entry, handed this
 * tree-shaken `echarts/core` (`lib/core` is CommonJS and breaks in the production build).
 *
 * - One echarts instance per mounted <Chart>, created on mount and disposed on unmount, so a
 *   screen that comes and goes leaks neither listeners nor DOM.
 * - `option` replaces the previous option whole (notMerge): a series dropped from the option
 *   disappears from the chart instead of lingering from the last render.
 * - The chart follows its container's size (the component's size sensor, a ResizeObserver), not
 *   the window's: panels and grids change width without the window resizing.
 * - `loading` shows echarts' own spinner over the last drawn chart.
 * - No entry animation (unless an option asks for one): a chart is drawn once, at its final
 *   figures. Animated, each of the next frames drew the whole chart again (on a phone, 200-500 ms
 *   long tasks per chart at Lighthouse's 4x CPU slowdown while its screen was starting), and with
 *   `notMerge` every new option animated in from nothing again.
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
import { type ComposeOption, dispose, getInstanceByDom, init, setPlatformAPI, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import EChartsCore from 'echarts-for-react/esm/core';
import { type CSSProperties, useMemo } from 'react';

use([Bar, Line, Pie, Dataset, Grid, Legend, Title, Tooltip, SVGRenderer]);

/** The one wide character zrender measures, per font, only to estimate any wide character's width. */
const WIDE_PROBE = '\u56fd';
let measuring: CanvasRenderingContext2D | null | undefined;
let measuringFont = '';

/**
 * Text width as zrender's own canvas measure gives it, except for its wide-character probe: a CJK
 * glyph is one em wide, so that is the answer, from the font's size. Measuring it made Chromium
 * look for a fallback font with CJK glyphs for every new font of a chart (20-100 ms each at 4x CPU,
 * most of the text measuring in a screen's first chart draw), for a character no chart shows.
 * zrender also takes that width as a label's line height: one em is what a device with CJK fonts
 * measured anyway (one without them measured a smaller fallback glyph, and labels got too little
 * room).
 */
function measureText(text: string, font?: string): { width: number } {
  const size = Number(/(\d+(?:\.\d+)?)px/.exec(font ?? '')?.[1] ?? 12);
  if (text === WIDE_PROBE) return { width: size };
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) return { width: size * text.length };
  const wanted = font || '12px sans-serif';
  if (measuringFont !== wanted) {
    measuring.font = wanted;
    measuringFont = wanted;
  }
  return measuring.measureText(text);
}
setPlatformAPI({ measureText });

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

export type ChartDrawProps = {
  option: ChartOption;
  /** What the chart shows, for screen readers (the drawing itself is an image to them). */
  label: string;
  loading: boolean;
  className?: string;
  /** The container's height; the width follows the layout. */
  height: CSSProperties['height'];
};

/** What echarts-for-react calls on the library it is handed: these three, not all of echarts. */
const echarts = { init, getInstanceByDom, dispose };
const SVG = { renderer: 'svg' } as const;

export function ChartDraw({ option, label, loading, className, height }: ChartDrawProps) {
  const drawn = useMemo(() => ({ animation: false, ...option }), [option]);
  return (
    <EChartsCore
      echarts={echarts}
      option={drawn}
      notMerge
      showLoading={loading}
      opts={SVG}
      className={className}
      style={{ height }}
      role="img"
      aria-label={label}
      aria-busy={loading || undefined}
    />
  );
}
