import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, followTopDialog } from '../../../src/ui/dialog';
import { Modal } from '../../../src/ui/modal';
import '../dialog-polyfill';

afterEach(cleanup);

function Opener({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Modal title="Confirm" onClose={close} footer={<button type="button">Go</button>}>
          <p>Body</p>
        </Modal>
      ) : null}
    </>
  );
}

function openFromButton() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Confirm' }) as HTMLDialogElement };
}

describe('Dialog', () => {
  it('opens as a modal in document.body with its skin, and focuses the first control', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<Opener />);
    const { dialog } = openFromButton();
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(showModal.mock.contexts[0]).toBe(dialog);
    expect(dialog.open).toBe(true);
    expect(dialog.parentElement).toBe(document.body);
    expect(dialog.className).toBe('dialog dialog--modal modal modal--medium');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    showModal.mockRestore();
  });

  it('asks to close on Escape, stays open until the parent unmounts it, then focuses the opener', () => {
    const onClose = vi.fn();
    const view = (open: boolean) => (
      <>
        <button type="button">Open</button>
        {open ? (
          <Dialog aria-label="Panel" onClose={onClose}>
            <button type="button">Inside</button>
          </Dialog>
        ) : null}
      </>
    );
    const { rerender } = render(view(false));
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    rerender(view(true));
    const dialog = screen.getByRole('dialog', { name: 'Panel' }) as HTMLDialogElement;
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(true);
    rerender(view(false));
    expect(dialog.open).toBe(false);
    expect(dialog.isConnected).toBe(false);
    expect(document.activeElement).toBe(opener);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with the Escape key and the close button', () => {
    render(<Opener />);
    const { opener } = openFromButton();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Go' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    openFromButton();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('calls onClose when the browser closes it without asking', () => {
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    const { dialog } = openFromButton();
    act(() => dialog.close());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on a press on the backdrop, not on one inside its box', () => {
    const onClose = vi.fn();
    render(
      <Dialog aria-label="Panel" onClose={onClose}>
        <p>Inside</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Panel' });
    const box = { left: 100, right: 500, top: 100, bottom: 400, width: 400, height: 300, x: 100, y: 100 };
    vi.spyOn(dialog, 'getBoundingClientRect').mockReturnValue({ ...box, toJSON: () => box });
    fireEvent.mouseDown(screen.getByText('Inside'), { clientX: 20, clientY: 20 });
    fireEvent.mouseDown(dialog, { clientX: 300, clientY: 200 });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(dialog, { clientX: 20, clientY: 200 });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('focuses what initialFocus picks, and Escape goes to the topmost of two', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <>
        <Dialog skin="drawer" aria-label="Drawer" onClose={outer}>
          <button type="button">First</button>
          <button type="button" className="pick">
            Picked
          </button>
        </Dialog>
        <Dialog skin="sheet" aria-label="Sheet" onClose={inner}>
          <input aria-label="Date" />
        </Dialog>
      </>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Date'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
    cleanup();
    render(
      <Dialog
        skin="drawer"
        aria-label="Drawer"
        onClose={outer}
        initialFocus={(root) => root.querySelector('.pick')}
      >
        <button type="button">First</button>
        <button type="button" className="pick">
          Picked
        </button>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Picked' }));
    expect(screen.getByRole('dialog', { name: 'Drawer' }).className).toBe('dialog dialog--drawer');
  });
});

describe('followTopDialog', () => {
  it('keeps an element in the topmost open dialog, and in body once none is open', () => {
    const host = document.createElement('div');
    const stop = followTopDialog(host);
    expect(host.parentElement).toBe(document.body);
    const view = (count: number) => (
      <>
        {count > 0 ? (
          <Dialog aria-label="Drawer" skin="drawer" onClose={() => {}}>
            <p>Drawer</p>
          </Dialog>
        ) : null}
        {count > 1 ? (
          <Dialog aria-label="Review" onClose={() => {}}>
            <p>Review</p>
          </Dialog>
        ) : null}
      </>
    );
    const { rerender } = render(view(1));
    expect(host.parentElement).toBe(screen.getByRole('dialog', { name: 'Drawer' }));
    rerender(view(2));
    expect(host.parentElement).toBe(screen.getByRole('dialog', { name: 'Review' }));
    rerender(view(1));
    expect(host.parentElement).toBe(screen.getByRole('dialog', { name: 'Drawer' }));
    rerender(view(0));
    expect(host.parentElement).toBe(document.body);
    stop();
    expect(host.isConnected).toBe(false);
  });
});
