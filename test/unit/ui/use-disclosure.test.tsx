import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from '../../../src/ui/modal';
import { useDisclosure } from '../../../src/ui/use-disclosure';
import '../dialog-polyfill';

afterEach(cleanup);

function Menu() {
  const menu = useDisclosure();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <div ref={menu.rootRef}>
        <button {...menu.buttonProps}>Filter</button>
        {menu.open ? (
          <div id={menu.panelId}>
            <button type="button" onClick={() => setAsking(true)}>
              Save Filter
            </button>
            <input
              aria-label="Search"
              onKeyDown={(event) => {
                if (event.key === 'Escape') event.preventDefault();
              }}
            />
          </div>
        ) : null}
      </div>
      <p>Elsewhere</p>
      {asking ? (
        <Modal title="Save Filter" onClose={() => setAsking(false)}>
          <input aria-label="Filter name" />
        </Modal>
      ) : null}
    </>
  );
}

const button = () => screen.getByRole('button', { name: 'Filter' });
const panelShown = () => screen.queryByRole('button', { name: 'Save Filter' }) !== null;

describe('useDisclosure', () => {
  it('toggles with the button and names its panel', () => {
    render(<Menu />);
    expect(button().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button());
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(button().getAttribute('aria-controls')).toBe(
      screen.getByRole('button', { name: 'Save Filter' }).parentElement?.id,
    );
    fireEvent.click(button());
    expect(panelShown()).toBe(false);
  });

  it('closes on Escape with focus back on the button, and on a press outside without moving focus', () => {
    render(<Menu />);
    fireEvent.click(button());
    screen.getByRole('button', { name: 'Save Filter' }).focus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(panelShown()).toBe(false);
    expect(document.activeElement).toBe(button());

    fireEvent.click(button());
    const inside = screen.getByRole('button', { name: 'Save Filter' });
    fireEvent.pointerDown(inside);
    expect(panelShown()).toBe(true);
    inside.focus();
    fireEvent.pointerDown(screen.getByText('Elsewhere'));
    expect(panelShown()).toBe(false);
    expect(document.activeElement).not.toBe(button());
  });

  it('leaves an Escape that a control inside already handled', () => {
    render(<Menu />);
    fireEvent.click(button());
    fireEvent.keyDown(screen.getByLabelText('Search'), { key: 'Escape' });
    expect(panelShown()).toBe(true);
  });

  it('stays open under a modal opened from it: the modal owns Escape and presses', () => {
    render(<Menu />);
    fireEvent.click(button());
    fireEvent.click(screen.getByRole('button', { name: 'Save Filter' }));
    const name = screen.getByLabelText('Filter name');
    fireEvent.pointerDown(name);
    expect(panelShown()).toBe(true);
    fireEvent.keyDown(name, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(panelShown()).toBe(true);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(panelShown()).toBe(false);
  });
});
