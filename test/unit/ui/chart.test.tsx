import { cleanup, render, screen } from '@testing-library/react';
import { getInstanceByDom } from 'echarts/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

describe('Chart', () => {
  it('draws the option into its container as SVG', () => {
    render(<Chart option={bars} label="Leads per week" height={240} />);
    const chart = getInstanceByDom(box());
    expect(chart).toBeDefined();
    expect(box().style.height).toBe('240px');
    expect(box().querySelector('svg')).not.toBeNull();
    const series = chart?.getOption().series as { type: string; name: string }[];
    expect(series.map((s) => [s.type, s.name])).toEqual([['bar', 'Leads']]);
  });

  it('replaces the option whole when it changes', () => {
    const { rerender } = render(<Chart option={bars} label="Leads per week" />);
    rerender(<Chart option={donut} label="Leads per week" />);
    const option = getInstanceByDom(box())?.getOption() as Record<string, unknown>;
    expect((option.series as { type: string }[]).map((s) => s.type)).toEqual(['pie']);
    expect(option.xAxis).toBeUndefined();
    expect(option.dataset).toBeUndefined();
  });

  it('resizes with its container', () => {
    render(<Chart option={bars} label="Leads per week" />);
    const chart = getInstanceByDom(box());
    const resize = vi.spyOn(chart as NonNullable<typeof chart>, 'resize');
    expect(observers).toHaveLength(1);
    expect(observers[0].targets).toEqual([box()]);
    observers[0].callback([], {} as ResizeObserver);
    expect(resize).toHaveBeenCalledTimes(1);
  });

  it('shows and hides the loading state', () => {
    const { rerender } = render(<Chart option={bars} label="Leads per week" loading />);
    const chart = getInstanceByDom(box()) as NonNullable<ReturnType<typeof getInstanceByDom>>;
    expect(box().getAttribute('aria-busy')).toBe('true');
    const hide = vi.spyOn(chart, 'hideLoading');
    const show = vi.spyOn(chart, 'showLoading');
    rerender(<Chart option={bars} label="Leads per week" loading={false} />);
    expect(hide).toHaveBeenCalledTimes(1);
    expect(box().getAttribute('aria-busy')).toBeNull();
    rerender(<Chart option={bars} label="Leads per week" loading />);
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('disposes the instance and stops observing on unmount', () => {
    const { unmount } = render(<Chart option={bars} label="Leads per week" />);
    const element = box();
    const chart = getInstanceByDom(element);
    unmount();
    expect(chart?.isDisposed()).toBe(true);
    expect(getInstanceByDom(element)).toBeUndefined();
    expect(observers[0].disconnected).toBe(true);
  });
});
