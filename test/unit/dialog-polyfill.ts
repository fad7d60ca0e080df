/**
 * What happy-dom 21 leaves out of HTMLDialogElement, done as the HTML standard says, so component
 * tests see a modal dialog behave as it does in the browser:
 * - showModal() opens the dialog and runs the focusing steps: the first [autofocus] element, else
 *   the first focusable one, else the dialog itself;
 * - an Escape keydown the page did not cancel fires a cancelable `cancel` at the topmost open modal
 *   dialog, which then closes unless the event was cancelled;
 * - close() fires `close` and gives focus back to what had it when showModal() ran.
 * Not done here: the top layer and the inert background (happy-dom has neither layout nor Tab
 * navigation); the browser tests cover those.
 */

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]',
].join(',');

const modals: HTMLDialogElement[] = [];
const previous = new WeakMap<HTMLDialogElement, HTMLElement | null>();
const proto = HTMLDialogElement.prototype;
const nativeClose = proto.close;

function focusDelegate(dialog: HTMLDialogElement): HTMLElement {
  const autofocus = dialog.querySelector<HTMLElement>('[autofocus]');
  if (autofocus) return autofocus;
  const first = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
    (element) => !element.hidden && element.tabIndex >= 0,
  );
  return first ?? dialog;
}

proto.showModal = function showModal(this: HTMLDialogElement) {
  if (this.open) return;
  if (!this.isConnected) throw new DOMException('The dialog is not connected', 'InvalidStateError');
  previous.set(this, document.activeElement instanceof HTMLElement ? document.activeElement : null);
  this.setAttribute('open', '');
  modals.push(this);
  focusDelegate(this).focus();
};

proto.close = function close(this: HTMLDialogElement, returnValue?: string) {
  const index = modals.indexOf(this);
  if (index >= 0) modals.splice(index, 1);
  const wasOpen = this.open;
  nativeClose.call(this, returnValue);
  const back = previous.get(this);
  previous.delete(this);
  if (wasOpen && back?.isConnected) back.focus();
};

// On window, in the bubbling phase: after every handler of the page has seen the key, as the
// browser's close request does.
window.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const top = modals.filter((dialog) => dialog.isConnected && dialog.open).at(-1);
  if (!top) return;
  if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
});

// A module (not a script), so setup.ts can load it only where a DOM exists.
export {};
