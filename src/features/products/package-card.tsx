/**
 * One package (spec part 2 §3 "Package card", §4): title, description, features and benefits.
 * Inactive packages carry the lock ribbon, the 'Unlock' tag and 'Upgrade Plan' (or the custom
 * title); active ones 'Contact Us'.
 */
import type { ShownPackage } from './ladder';

type Props = { pkg: ShownPackage; busy: boolean; onAction: (pkg: ShownPackage) => void };

export function PackageCard({ pkg, busy, onAction }: Props) {
  const inactive = pkg.status === 'inactive';
  const label = inactive ? (pkg.customCTA?.title ?? 'Upgrade Plan') : 'Contact Us';
  return (
    <article
      className={inactive ? 'package-card package-card--locked' : 'package-card'}
      aria-label={pkg.title}
    >
      {inactive ? (
        <span className="package-card__ribbon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
            <path
              d="M7 11V8a5 5 0 0 1 10 0v3M6 11h12v9H6z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
        </span>
      ) : null}
      <div className="package-card__head">
        <h3 className="package-card__title">{pkg.title}</h3>
        <span className={inactive ? 'package-card__tag' : 'package-card__tag package-card__tag--active'}>
          {inactive ? 'Unlock' : 'Active'}
        </span>
      </div>
      <p className="package-card__description">{pkg.description}</p>
      <ul className="package-card__list">
        {[...pkg.features, ...pkg.benefits].map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <button
        type="button"
        className={inactive ? 'button button--primary' : 'button button--ghost'}
        disabled={busy}
        aria-busy={busy}
        onClick={() => onAction(pkg)}
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {label}
      </button>
    </article>
  );
}
