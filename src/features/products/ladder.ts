/**
 * Which packages a family shows and which are active (spec part 2 §3 "Package card", §4), pure:
 *
 * - Directories: every package shown; active only if among the customer's packages (online local
 *   listings also when the entry says local_listing).
 * - A customer with more than one package in a family: those packages, all active.
 * - Otherwise: the customer's package (the first of the ladder for an inactive family is offered
 *   instead) is shown active, and the next package of the ladder is offered, skipping hidden ones
 *   (SEO Legacy). An inactive family shows its first package and the next, both locked.
 */
import type { ProductEntry } from '../../api/contracts/products';
import type { PackageCopy, ProductFamily } from './catalog';

export type PackageStatus = 'active' | 'inactive';
export type ShownPackage = PackageCopy & { status: PackageStatus; productKey: string };

const visible = (packages: PackageCopy[]) => packages.filter((pkg) => !pkg.isHidden);

export function shownPackages(family: ProductFamily, entry: ProductEntry | undefined): ShownPackage[] {
  const mine = entry?.active ? entry.package : [];
  const as = (pkg: PackageCopy, status: PackageStatus): ShownPackage => ({
    ...pkg,
    status,
    productKey: family.key,
  });

  if (family.key === 'directories') {
    const owned = (pkg: PackageCopy) =>
      mine.includes(pkg.key) || (pkg.key === 'online_local_listings' && entry?.local_listing === true);
    return visible(family.packages).map((pkg) => as(pkg, owned(pkg) ? 'active' : 'inactive'));
  }
  const known = family.packages.filter((pkg) => mine.includes(pkg.key));
  if (known.length > 1) return known.map((pkg) => as(pkg, 'active'));

  const current = known[0];
  const ladder = family.packages;
  const from = current ? ladder.indexOf(current) : -1;
  const next = ladder.slice(from + 1).find((pkg) => !pkg.isHidden);
  if (!current) {
    const offered = visible(ladder).slice(0, 2);
    return offered.map((pkg) => as(pkg, 'inactive'));
  }
  return next ? [as(current, 'active'), as(next, 'inactive')] : [as(current, 'active')];
}

/** Active when the server says so (a family with no entry is inactive). */
export const familyStatus = (entry: ProductEntry | undefined): PackageStatus =>
  entry?.active ? 'active' : 'inactive';

/** Scroll offset when opening a family from the address (spec part 2 §9). */
export const scrollOffset = (width: number) => (width <= 500 ? 70 : 100);
