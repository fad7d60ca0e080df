/**
 * The chart's lazy drawing (ui/chart.tsx): a box of the chart's height at once, the drawing module
 * asked for once the box is near the viewport or the browser is idle, the drawing in place of the
 * box only once it is near, and plain words when it cannot be loaded for a box that is near. Each test imports a
 * fresh copy of the module (its loaded drawing is module state), with the drawing module mocked
 * where the test needs to see or break its loading.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const DRAW = '../../../src/ui/chart-draw';
const CHART = '../../../src/ui/chart';
const option = { series: [{ type: 'bar' as const, data: [1, 2] }] };

/** The page's IntersectionObserver, played by the test: `show()` brings every observed box into view. */
const watched: { callback: IntersectionObserverCallback; targets: Element[]; margin?: string }[] = [];
class FakeIntersectionObserver {
  entry: (typeof watched)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { callback, targets: [], margin: options?.rootMargin };
    watched.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.entry.targets = [];
  }
}
const show = () =>
  act(() => {
    for (const { callback, targets } of watched)
      callback(
        targets.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry),
        {} as IntersectionObserver,
      );
  });

/** The browser's idle callbacks, run when the test says (`idle()`). */
let idleTasks: (() => void)[] = [];
const idle = () =>
  act(() => {
    const tasks = idleTasks;
    idleTasks = [];
    for (const task of tasks) task();
  });

/** A drawing module that counts how often it is asked for and draws a plain marked div. */
let asked = 0;
function mockDrawing() {
  vi.doMock(DRAW, () => {
    asked += 1;
    return {
      ChartDraw: ({ label, height }: { label: string; height: number }) => (
        <div role="img" aria-label={label} data-drawn="yes" style={{ height }} />
      ),
    };
  });
}

/** The screen's reads (lib/reads-in-flight.ts), played by the test: answered unless a test holds them. */
const READS = '../../../src/lib/reads-in-flight';
let readsHeld = false;
let afterReads: (() => void)[] = [];
const answerReads = () => {
  readsHeld = false;
  for (const task of afterReads.splice(0)) task();
};

async function freshChart() {
  vi.resetModules();
  vi.doMock(READS, () => ({
    afterScreenReads: (task: () => void) => {
      if (readsHeld) afterReads.push(task);
      else setTimeout(task, 0);
      return () => {};
    },
  }));
  return (await import(CHART)) as typeof import('../../../src/ui/chart');
}

/** Waits for the frame after the first paint (afterNextPaint), when the box starts to watch. */
const watching = () =>
  vi.waitFor(() => expect(watched.length + idleTasks.length).toBeGreaterThan(0), { timeout: 5000 });

beforeEach(() => {
  asked = 0;
  watched.length = 0;
  idleTasks = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('requestIdleCallback', (task: () => void) => idleTasks.push(task));
  vi.stubGlobal('cancelIdleCallback', () => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.doUnmock(DRAW);
  vi.doUnmock(READS);
  readsHeld = false;
  afterReads = [];
  vi.restoreAllMocks();
});

const box = () => screen.getByRole('img', { name: 'Leads per week' });

describe('Chart before its drawing', () => {
  it('renders a box of its height at once, labelled, and asks for nothing yet', async () => {
    mockDrawing();
    const { Chart } = await freshChart();
    render(<Chart option={option} label="Leads per week" height={240} />);
    // Not busy: nothing is on its way until the box comes near.
    expect(box().getAttribute('aria-busy')).toBeNull();
    expect(box().getAttribute('data-drawn')).toBeNull();
    expect((box().parentElement as HTMLElement).style.height).toBe('240px');
    await watching();
    expect(asked).toBe(0);
  });

  it("waits for the screen's reads before it watches", async () => {
    mockDrawing();
    const { Chart } = await freshChart();
    readsHeld = true;
    render(<Chart option={option} label="Leads per week" height={240} />);
    await vi.waitFor(() => expect(afterReads.length).toBe(1));
    expect(watched.length + idleTasks.length).toBe(0);
    answerReads();
    await watching();
  });

  it('waits for the pictures on screen before it watches, and for none off screen', async () => {
    mockDrawing();
    const { Chart } = await freshChart();
    const picture = (top: number) => {
      const image = document.body.appendChild(document.createElement('img'));
      Object.defineProperty(image, 'complete', { value: false });
      image.getBoundingClientRect = () => ({ top, bottom: top + 80 }) as DOMRect;
      return image;
    };
    const onScreen = picture(10);
    const below = picture(window.innerHeight + 500);
    render(<Chart option={option} label="Leads per week" height={240} />);
    // Frames go by; the chart does not watch (nor load its drawing when idle) while the ad loads.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(watched.length + idleTasks.length).toBe(0);
    onScreen.dispatchEvent(new Event('load'));
    await watching();
    onScreen.remove();
    below.remove();
  });

  it('asks for the drawing when the box comes near the viewport, then draws in its place', async () => {
    mockDrawing();
    const { Chart } = await freshChart();
    render(<Chart option={option} label="Leads per week" height={240} />);
    await watching();
    expect(watched[0].margin).toBe('100% 0px');
    show();
    await vi.waitFor(() => expect(box().getAttribute('data-drawn')).toBe('yes'), { timeout: 5000 });
    expect(box().style.height).toBe('240px');
    expect(asked).toBe(1);
  });

  it('waits for its figures: nothing is asked for while it is loading', async () => {
    mockDrawing();
    const { Chart } = await freshChart();
    const { rerender } = render(<Chart option={option} label="Leads per week" loading />);
    expect(box().getAttribute('aria-busy')).toBe('true');
    // Another chart on the screen, with its figures: it loads the drawing, the loading one waits.
    render(<Chart option={option} label="Other" />);
    await watching();
    show();
    idle();
    await vi.waitFor(() => expect(asked).toBe(1), { timeout: 5000 });
    expect(box().getAttribute('data-drawn')).toBeNull();
    rerender(<Chart option={option} label="Leads per week" loading={false} />);
    await vi.waitFor(
      () => {
        show();
        idle();
        expect(box().getAttribute('data-drawn')).toBe('yes');
      },
      { timeout: 5000 },
    );
  });

  it('loads the drawing once the browser is idle, and draws only once the box comes near', async () => {
    mockDrawing();
    const { Chart } = await freshChart();
    render(<Chart option={option} label="Leads per week" />);
    await watching();
    idle();
    await vi.waitFor(() => expect(asked).toBe(1), { timeout: 5000 });
    // Loaded, not drawn: a chart far down the screen costs nothing until it is scrolled to.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(box().getAttribute('data-drawn')).toBeNull();
    expect(box().getAttribute('aria-busy')).toBeNull();
    show();
    await vi.waitFor(() => expect(box().getAttribute('data-drawn')).toBe('yes'), { timeout: 5000 });
    expect(asked).toBe(1);
  });

  it('draws at once, without a box, once the drawing is here', async () => {
    mockDrawing();
    const { Chart } = await freshChart();
    const first = render(<Chart option={option} label="Leads per week" />);
    await watching();
    show();
    await vi.waitFor(() => expect(box().getAttribute('data-drawn')).toBe('yes'), { timeout: 5000 });
    first.unmount();
    render(<Chart option={option} label="Leads per week" />);
    expect(box().getAttribute('data-drawn')).toBe('yes');
  });
});

describe('Chart whose drawing cannot be loaded', () => {
  const breakDrawing = () =>
    vi.doMock(DRAW, () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });

  it('says so in plain words offline, keeps its height, and draws once back online', async () => {
    breakDrawing();
    const { Chart, CHART_TEXTS } = await freshChart();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<Chart option={option} label="Leads per week" height={240} />);
    await watching();
    // The idle load failing says nothing: the box may never be scrolled to.
    idle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(CHART_TEXTS.offline)).toBeNull();
    expect(box().getAttribute('aria-busy')).toBeNull();
    show();
    const message = await screen.findByText(CHART_TEXTS.offline);
    expect((message.parentElement as HTMLElement).style.height).toBe('240px');

    online.mockReturnValue(true);
    vi.doUnmock(DRAW);
    mockDrawing();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await vi.waitFor(
      () => {
        show();
        expect(box().getAttribute('data-drawn')).toBe('yes');
      },
      { timeout: 5000 },
    );
  });

  it('says it could not be loaded when the device is online', async () => {
    breakDrawing();
    const { Chart, CHART_TEXTS } = await freshChart();
    render(<Chart option={option} label="Leads per week" />);
    await watching();
    show();
    expect(await screen.findByText(CHART_TEXTS.failed)).toBeTruthy();
  });
});
