import { cleanup, fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFocusTrap } from '../../../../src/ui/inputs/use-focus-trap';

function Dialog({ name, onEscape }: { name: string; onEscape: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, onEscape);
  return (
    <div ref={ref} role="dialog" aria-label={name}>
      <button type="button">{`${name} button`}</button>
    </div>
  );
}

afterEach(cleanup);

describe('useFocusTrap', () => {
  it('moves focus in and closes on Escape from inside', () => {
    const onEscape = vi.fn();
    const { getByRole } = render(<Dialog name="One" onEscape={onEscape} />);
    expect(document.activeElement).toBe(getByRole('button', { name: 'One button' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(onEscape).toHaveBeenCalledTimes(1);
  });

  it('closes only the topmost dialog when focus has fallen out of every dialog', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    const { rerender } = render(
      <>
        <Dialog name="Outer" onEscape={outer} />
        <Dialog name="Inner" onEscape={inner} />
      </>,
    );
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();

    rerender(<Dialog name="Outer" onEscape={outer} />);
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(outer).toHaveBeenCalledTimes(1);
  });
});
