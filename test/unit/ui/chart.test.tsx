import { cleanup, render, screen } from '@testing-library/react';
import { getInstanceByDom } from 'echarts/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Chart, type ChartOption } from '../../../src/ui/chart';

// happy-dom's ResizeObserver never fires (no layout): this one lets the test play the browser.
const observers: { callback: ResizeObserverCallback; targets: Element[]; disconnected: boolean }[] = [];
class FakeResizeObserver {
  entry: (typeof observers)[number];
  constructor(callback: ResizeObserverCallback) {
    this.entry = { callback, targets: [], disconnected: false };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.entry.disconnected = true;
  }
}

// happy-dom's IntersectionObserver never reports a box in view: this one says every box is.
class InViewObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ target, isIntersecting: true } as unknown as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const bars: ChartOption = {
  dataset: {
    source: [
      ['Week', 'Leads'],
      ['W1', 4],
      ['W2', 7],
    ],
  },
  xAxis: { type: 'category' },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', name: 'Leads' }],
};

const donut: ChartOption = {
  legend: {},
  series: [{ type: 'pie', radius: ['40%', '70%'], data: [{ name: 'Calls', value: 3 }] }],
};

const box = () => screen.getByRole('img', { name: 'Leads per week' }) as HTMLDivElement;
type Instance = NonNullable<ReturnType<typeof getInstanceByDom>>;

/**
 * echarts-for-react draws in two steps (a first instance to measure the container, then the one it
 * keeps, bound to a size sensor): wait for the kept instance, the one holding the option. The first
 * chart of the file also waits for the drawing module, hence the longer wait.
 */
async function drawn(): Promise<Instance> {
  return vi.waitFor(
    () => {
      const chart = getInstanceByDom(box());
      const series = chart?.getOption()?.series as unknown[] | undefined;
      if (!chart || !series?.length || observers.length === 0) throw new Error('not drawn yet');
      return chart;
    },
    { timeout: 15_000 },
  );
}

describe('Chart', () => {
  // The drawing module is loaded lazily (chart-lazy.test.tsx): a first chart brings it, so each
  // test below starts with it here, whichever runs alone.
  beforeAll(async () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    vi.stubGlobal('IntersectionObserver', InViewObserver);
    const { unmount } = render(<Chart option={bars} label="Leads per week" />);
    await drawn();
    unmount();
    vi.unstubAllGlobals();
  });

  it('draws the option into its container as SVG', async () => {
    render(<Chart option={bars} label="Leads per week" height={240} />);
    const chart = await drawn();
    expect(box().style.height).toBe('240px');
    expect(box().querySelector('svg')).not.toBeNull();
    const series = chart.getOption().series as { type: string; name: string }[];
    expect(series.map((s) => [s.type, s.name])).toEqual([['bar', 'Leads']]);
  });

  it('draws at its final figures in one go: no entry animation unless the option asks for one', async () => {
    const { rerender } = render(<Chart option={bars} label="Leads per week" />);
    const chart = await drawn();
    expect(chart.getOption().animation).toBe(false);
    rerender(<Chart option={{ ...bars, animation: true }} label="Leads per week" />);
    expect(chart.getOption().animation).toBe(true);
  });

  it('replaces the option whole when it changes', async () => {
    const { rerender } = render(<Chart option={bars} label="Leads per week" />);
    const chart = await drawn();
    rerender(<Chart option={donut} label="Leads per week" />);
    const option = chart.getOption() as Record<string, unknown>;
    expect((option.series as { type: string }[]).map((s) => s.type)).toEqual(['pie']);
    expect(option.xAxis).toBeUndefined();
    expect(option.dataset).toBeUndefined();
  });

  it('resizes with its container', async () => {
    render(<Chart option={bars} label="Leads per week" />);
    const chart = await drawn();
    const resize = vi.spyOn(chart, 'resize');
    expect(observers).toHaveLength(1);
    expect(observers[0].targets).toEqual([box()]);
    // The sensor debounces (60 ms) and the component skips its very first call (the size it drew
    // at): each try outlasts the debounce.
    await vi.waitFor(
      () => {
        observers[0].callback([], {} as ResizeObserver);
        expect(resize).toHaveBeenCalled();
      },
      { interval: 200, timeout: 3000 },
    );
  });

  it('shows and hides the loading state', async () => {
    const { rerender } = render(<Chart option={bars} label="Leads per week" loading />);
    const chart = await drawn();
    expect(box().getAttribute('aria-busy')).toBe('true');
    const hide = vi.spyOn(chart, 'hideLoading');
    const show = vi.spyOn(chart, 'showLoading');
    rerender(<Chart option={bars} label="Leads per week" loading={false} />);
    expect(hide).toHaveBeenCalledTimes(1);
    expect(box().getAttribute('aria-busy')).toBeNull();
    rerender(<Chart option={bars} label="Leads per week" loading />);
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('disposes the instance and stops observing on unmount', async () => {
    const { unmount } = render(<Chart option={bars} label="Leads per week" />);
    const chart = await drawn();
    const element = box();
    unmount();
    expect(chart.isDisposed()).toBe(true);
    expect(getInstanceByDom(element)).toBeUndefined();
    expect(observers[0].disconnected).toBe(true);
  });
});
