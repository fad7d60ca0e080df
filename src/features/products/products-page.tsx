/**
 * /dashboard/products (spec part 2 §2 Products page): the 'Products' header and an accordion with
 * one row per product family (use-product-hash.ts: one open at a time, hash navigation). Each
 * family shows its feature panel and package cards (ladder.ts decides which, and which are
 * active, from GET /products). Upgrade and contact requests go to POST /submit_mql_info; the
 * online local listings enrolment opens its modal.
 * Default export: loaded lazily by the dashboard's route table.
 */
import './products.css';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ProductsResponse } from '../../api/contracts/products';
import { ApiError } from '../../api/errors';
import { PRODUCT_NAME } from '../../lib/config';
import { ROUTES } from '../../lib/routes';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { useCachedRead } from '../../sync/use-cached-read';
import { toastError, toastSuccess } from '../../ui/toast';
import { CATALOG } from './catalog';
import { EnrollDialog } from './enroll-dialog';
import { familyStatus, type ShownPackage, shownPackages } from './ladder';
import { PackageCard } from './package-card';
import { PRODUCTS_PATH, requestPackage, TOASTS } from './products-api';
import { rowId, useProductHash } from './use-product-hash';

export default function ProductsPage() {
  const read = useCachedRead(ProductsResponse, PRODUCTS_PATH);
  const entries = read.data?.products;
  const hash = useProductHash(entries !== undefined);
  const [busy, setBusy] = useState<string | null>(null);
  const [, navigate] = useLocation();

  const act = async (familyTitle: string, pkg: ShownPackage) => {
    if (pkg.status === 'inactive' && pkg.customCTA?.action === 'MODAL') {
      hash.openModal();
      return;
    }
    setBusy(`${pkg.productKey}:${pkg.key}`);
    try {
      toastSuccess('Success', await requestPackage(familyTitle, pkg));
    } catch (error) {
      toastError('Error', error instanceof ApiError ? error.message : 'Your request could not be sent.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="products">
      <title>{`Products · ${PRODUCT_NAME}`}</title>
      <div className="products__header">
        <h1 className="products__title">Products</h1>
        <OfflineBadge offline={read.offline} asOf={read.asOf} />
      </div>
      {entries === undefined ? (
        <p className="products__state" role={read.error ? 'alert' : undefined}>
          {read.error ? read.error.message : 'Loading your products…'}
        </p>
      ) : (
        <ul className="accordion">
          {CATALOG.map((family) => {
            const entry = entries.find((candidate) => candidate.name === family.key);
            const open = hash.open === family.key;
            const status = familyStatus(entry);
            return (
              <li key={family.key} id={rowId(family.key)} className="accordion__item">
                <h2 className="accordion__heading">
                  <button
                    type="button"
                    className="accordion__button"
                    aria-expanded={open}
                    aria-controls={`${rowId(family.key)}-panel`}
                    onClick={() => hash.toggle(family.key)}
                  >
                    <span>{family.title}</span>
                    <span className={`status-pill status-pill--${status}`}>
                      {status === 'active' ? 'Active' : 'Inactive'}
                    </span>
                  </button>
                </h2>
                {open ? (
                  <div id={`${rowId(family.key)}-panel`} className="accordion__panel">
                    <div className="feature-panel">
                      <p className="feature-panel__pitch">{family.pitch}</p>
                      <ul className="feature-panel__list">
                        {family.features.map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    </div>
                    <div className="package-grid">
                      {shownPackages(family, entry).map((pkg) => (
                        <PackageCard
                          key={pkg.key}
                          pkg={pkg}
                          busy={busy === `${pkg.productKey}:${pkg.key}`}
                          onAction={(chosen) => void act(family.title, chosen)}
                        />
                      ))}
                    </div>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {hash.modal ? (
        <EnrollDialog
          onClose={hash.closeModal}
          onEnrolled={() => {
            hash.closeModal();
            navigate(ROUTES.overview);
            toastSuccess('Success', TOASTS.enrolled);
          }}
        />
      ) : null}
    </div>
  );
}
