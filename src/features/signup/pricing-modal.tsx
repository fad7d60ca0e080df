/**
 * The Pay-Per-Lead pricing modal of the custom flow (spec part 1 §2): 'Service Categories & Lead
 * Costs', the 26 service categories with their price-per-lead ranges, read from the server
 * (price_categories) when opened.
 */
import { useEffect, useState } from 'react';
import type { LeadCost } from '../../api/contracts/signup';
import { ApiError } from '../../api/errors';
import { Modal } from '../../ui/modal';
import { texts } from './messages';
import { getLeadCosts } from './signup-api';

/** '$335-$505', as the spec writes the ranges. */
export const priceRange = (cost: Pick<LeadCost, 'min_price_cents' | 'max_price_cents'>) =>
  `$${Math.round(cost.min_price_cents / 100).toLocaleString('en-US')}-$${Math.round(cost.max_price_cents / 100).toLocaleString('en-US')}`;

/** `pass`: the custom flow's link pass, which authorises the read (signup-api.ts leadPass). */
export function PricingModal({ pass, onClose }: { pass: string; onClose: () => void }) {
  const [costs, setCosts] = useState<LeadCost[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    getLeadCosts(pass)
      .then((answer) => current && setCosts(answer.categories))
      .catch((failure: unknown) => {
        if (current)
          setError(failure instanceof ApiError ? failure.message : 'The lead costs could not be loaded.');
      });
    return () => {
      current = false;
    };
  }, [pass]);

  return (
    <Modal
      title={texts.pricingTitle}
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      }
    >
      {error ? <p className="form__notice">{error}</p> : null}
      {costs === null && !error ? (
        <span className="spinner spinner--large" role="status" aria-label="Loading lead costs" />
      ) : null}
      {costs ? (
        <div className="pricing-table__scroll">
          <table className="pricing-table">
            <thead>
              <tr>
                <th scope="col">Service category</th>
                <th scope="col">Price per lead</th>
              </tr>
            </thead>
            <tbody>
              {costs.map((cost) => (
                <tr key={cost.name}>
                  <th scope="row">{cost.label}</th>
                  <td>{priceRange(cost)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Modal>
  );
}
