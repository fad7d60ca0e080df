/**
 * <FirstReads>: a part stays invisible (held, aria-busy) while any read inside has nothing to
 * show, is shown once they have all answered, holds for a read mounted in the same commit as
 * another's answer, never hides again, and is shown after HOLD_AT_MOST_MS whatever its reads do.
 * Shown in the commit after the reads answered (no frame waited for), with what that commit's
 * effects changed already in it.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FirstReads, HOLD_AT_MOST_MS, useFirstReadHold } from '../../../src/sync/first-reads';

function Part({ waiting, name }: { waiting: boolean; name: string }) {
  useFirstReadHold(waiting);
  return <p>{name}</p>;
}

/** A form filled from its answer by an effect: one render of "Loading…" first. */
function Filled() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return <p>{ready ? 'filled' : 'Loading…'}</p>;
}

/** A section whose second part is only drawn once the first has answered (as the profile's are). */
function Sections({ first, second }: { first: boolean; second: boolean }) {
  return (
    <FirstReads className="part">
      <Part waiting={first} name="first" />
      {first ? null : <Part waiting={second} name="second" />}
    </FirstReads>
  );
}

const part = () => document.querySelector('.part') as HTMLElement;
const held = () => part().classList.contains('first-reads--held');
/** Two frames: the part is shown two frames after its last read answered. */
const frames = async () => {
  for (let i = 0; i < 2; i += 1) await act(() => new Promise((done) => requestAnimationFrame(done)));
};

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('FirstReads', () => {
  it('holds the part while a read has nothing to show, then shows it whole', async () => {
    const view = render(<Sections first={true} second={false} />);
    await frames();
    expect(held()).toBe(true);
    expect(part().getAttribute('aria-busy')).toBe('true');
    view.rerender(<Sections first={false} second={false} />);
    await frames();
    expect(held()).toBe(false);
    expect(part().hasAttribute('aria-busy')).toBe(false);
  });

  it('holds for a read drawn because another answered, in that same commit', async () => {
    const view = render(<Sections first={true} second={true} />);
    view.rerender(<Sections first={false} second={true} />);
    await frames();
    expect(held()).toBe(true);
    view.rerender(<Sections first={false} second={false} />);
    await frames();
    expect(held()).toBe(false);
  });

  it('shows the part in the commit after its reads answered, without waiting for a frame', async () => {
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    const view = render(<Sections first={true} second={false} />);
    view.rerender(<Sections first={false} second={false} />);
    // Effects flushed, no frame given.
    await act(async () => {});
    expect(held()).toBe(false);
    expect(frame).not.toHaveBeenCalled();
  });

  it("shows what its children's effects set from the answer, never their first render", async () => {
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const part = document.querySelector('.part');
      if (part && !part.classList.contains('first-reads--held')) seen.push(part.textContent ?? '');
    });
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
    render(
      <FirstReads className="part">
        <Part waiting={false} name="read" />
        <Filled />
      </FirstReads>,
    );
    await frames();
    observer.disconnect();
    expect(seen[0]).toBe('readfilled');
  });

  it("renders no read's component again to show the part", async () => {
    const renders: string[] = [];
    function Counted({ name }: { name: string }) {
      useFirstReadHold(false);
      renders.push(name);
      return <p>{name}</p>;
    }
    render(
      <FirstReads className="part">
        <Counted name="section" />
        <Counted name="form" />
      </FirstReads>,
    );
    await frames();
    expect(held()).toBe(false);
    expect(renders).toEqual(['section', 'form']);
  });

  it('never hides again once shown', async () => {
    const view = render(<Sections first={false} second={false} />);
    await frames();
    expect(held()).toBe(false);
    view.rerender(<Sections first={true} second={false} />);
    await frames();
    expect(held()).toBe(false);
  });

  it('shows the part after HOLD_AT_MOST_MS when a read never answers', async () => {
    vi.useFakeTimers();
    render(<Sections first={true} second={false} />);
    expect(held()).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(HOLD_AT_MOST_MS);
    });
    expect(held()).toBe(false);
  });

  it('leaves reads outside a FirstReads alone', () => {
    render(<Part waiting={true} name="alone" />);
    expect(screen.getByText('alone').closest('.first-reads--held')).toBeNull();
  });
});
