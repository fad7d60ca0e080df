/** The Products ladder rules (spec part 2 §4): which packages show, which are active. */
import { describe, expect, it } from 'vitest';
import type { ProductEntry } from '../../../../src/api/contracts/products';
import { CATALOG } from '../../../../src/features/products/catalog';
import { scrollOffset, shownPackages } from '../../../../src/features/products/ladder';

const family = (key: string) => {
  const found = CATALOG.find((f) => f.key === key);
  if (!found) throw new Error(key);
  return found;
};
const entry = (name: string, pkgs: string[], extra: Partial<ProductEntry> = {}): ProductEntry => ({
  name,
  active: pkgs.length > 0,
  package: pkgs,
  local_listing: false,
  grade: null,
  ...extra,
});
const view = (key: string, e?: ProductEntry) =>
  shownPackages(family(key), e).map((p) => `${p.key}:${p.status}`);

describe('product ladder', () => {
  it('shows the current package active and offers the next, skipping hidden Legacy', () => {
    expect(view('seo', entry('seo', ['expand']))).toEqual(['expand:active', 'accelerate:inactive']);
    expect(view('seo', entry('seo', ['accelerate']))).toEqual(['accelerate:active', 'distinguish:inactive']);
    expect(view('seo', entry('seo', ['legacy']))).toEqual(['legacy:active', 'distinguish:inactive']);
    expect(view('seo', entry('seo', ['distinguish']))).toEqual(['distinguish:active']);
  });

  it('shows several packages all active', () => {
    expect(view('paid_media', entry('paid_media', ['paid_search', 'social']))).toEqual([
      'paid_search:active',
      'social:active',
    ]);
  });

  it('activates directories packages only when the customer has them', () => {
    expect(view('directories', entry('directories', ['print_guidebooks']))).toEqual([
      'print_guidebooks:active',
      'online_local_listings:inactive',
    ]);
    expect(view('directories', entry('directories', ['print_guidebooks'], { local_listing: true }))).toEqual([
      'print_guidebooks:active',
      'online_local_listings:active',
    ]);
  });

  it('locks the first packages of an inactive family', () => {
    expect(view('website')).toEqual(['prime:inactive', 'premier:inactive']);
    expect(view('pay_per_call', entry('pay_per_call', []))).toEqual(['pay_per_call:inactive']);
  });

  it('scrolls 100 px below the top, 70 px on narrow screens', () => {
    expect(scrollOffset(1280)).toBe(100);
    expect(scrollOffset(500)).toBe(70);
  });
});
