/** The three sister-brand portals (spec part 1 §1, §2 /login); addresses come from app config. */
import { SISTER_BRANDS } from '@/lib/config';

export function SisterBrandLinks() {
  return (
    <nav className="sister-brands" aria-label="Other customer portals">
      <p className="sister-brands__title">Customer of one of our other brands?</p>
      <ul className="sister-brands__list">
        {SISTER_BRANDS.map((brand) => (
          <li key={brand.url}>
            <a className="sister-brands__link" href={brand.url} target="_blank" rel="noopener noreferrer">
              {brand.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
              <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                <path
                  d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
