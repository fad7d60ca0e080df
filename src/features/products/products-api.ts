/**
 * The Products page's effects: the upgrade or contact request (POST /submit_mql_info through the
 * shared interest action, click_source 'products') and the online local listings enrolment. Both
 * tell the user at once what happened, so both need a connection and say so offline.
 */
import { request } from '../../api/client';
import { productsApi } from '../../api/contracts/routes/products';
import { requireConnection } from '../../sync/connectivity-guard';
import { submitInterest } from '../../widgets/interest/interest-api';
import type { ShownPackage } from './ladder';

export const PRODUCTS_PATH = productsApi.getProducts.path;

export const TOASTS = {
  contact: 'We’ve received your request. Our team will contact you soon.',
  upgrade: "Your upgrade request has been received. We'll process it shortly.",
  enrolled: 'Online Local Listings enrolled successfully.',
} as const;

/** Sends the request for a package card; answers the toast to show. */
export async function requestPackage(familyTitle: string, pkg: ShownPackage): Promise<string> {
  await submitInterest({
    product: familyTitle,
    ...(pkg.title !== familyTitle ? { package: pkg.title } : {}),
    click_source: 'products',
    product_status: pkg.status,
  });
  if (pkg.status === 'active') return TOASTS.contact;
  return pkg.customCTA?.toastMessage ?? TOASTS.upgrade;
}

export function enrollOnlineListings() {
  requireConnection();
  const { response, path, method } = productsApi.postDirectoriesEnroll;
  return request(response, path, { method, body: {}, toast: false });
}
