/**
 * The open family of the Products accordion and the address's hash (spec part 2 §2, §4, §9): one
 * family open at a time, the first by default; a #productKey in the address opens that family and
 * scrolls to it (100 px from the top, 70 px on screens 500 px wide or less); opening a row pushes
 * its hash; clicking the open row closes it. #online-local-listings (an upsell's open_modal)
 * opens directories with the enrolment modal.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ProductKey } from '../../api/contracts/products';
import { CATALOG, ENROLL_MODAL } from './catalog';
import { scrollOffset } from './ladder';

const keys = CATALOG.map((family) => family.key) as string[];
export const rowId = (key: string) => `product-${key}`;

function fromHash(): { open: ProductKey | null; modal: boolean } {
  const hash = decodeURIComponent(window.location.hash.slice(1));
  if (hash === ENROLL_MODAL) return { open: 'directories', modal: true };
  return { open: keys.includes(hash) ? (hash as ProductKey) : null, modal: false };
}

function scrollToFamily(key: string) {
  const element = document.getElementById(rowId(key));
  if (!element) return;
  const top = element.getBoundingClientRect().top + window.scrollY - scrollOffset(window.innerWidth);
  window.scrollTo({ top: Math.max(0, top) });
}

export function useProductHash(ready: boolean) {
  const [open, setOpen] = useState<ProductKey | null>(() => fromHash().open ?? CATALOG[0].key);
  const [modal, setModal] = useState(() => fromHash().modal);

  // Once the rows are on screen, the address's family is scrolled to (and on later hash changes).
  useEffect(() => {
    if (!ready) return;
    const follow = () => {
      const wanted = fromHash();
      if (!wanted.open) return;
      setOpen(wanted.open);
      if (wanted.modal) setModal(true);
      requestAnimationFrame(() => scrollToFamily(wanted.open as string));
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [ready]);

  const toggle = useCallback(
    (key: ProductKey) => {
      if (open === key) {
        setOpen(null);
        return;
      }
      setOpen(key);
      window.history.pushState(window.history.state, '', `${window.location.pathname}#${key}`);
    },
    [open],
  );

  return { open, toggle, modal, closeModal: () => setModal(false), openModal: () => setModal(true) };
}
