/**
 * Badges (spec part 2 §2, §6): downloadable PNG images for the platforms bpr (badge, ribbon, logo)
 * and fsr (wordmark, badge, logo). The files are static assets under /badges/; each link
 * downloads its file under a name that says what it is.
 */
import type { BadgeSet } from './account-tabs';

type Badge = { file: string; title: string; width: number; height: number };

export const BADGES: Record<BadgeSet, { name: string; badges: Badge[] }> = {
  bpr: {
    name: 'BPR',
    badges: [
      { file: 'bpr-badge.png', title: 'Badge', width: 400, height: 400 },
      { file: 'bpr-ribbon.png', title: 'Ribbon', width: 600, height: 200 },
      { file: 'bpr-logo.png', title: 'Logo', width: 600, height: 240 },
    ],
  },
  fsr: {
    name: 'FSR',
    badges: [
      { file: 'fsr-wordmark.png', title: 'Wordmark', width: 600, height: 160 },
      { file: 'fsr-badge.png', title: 'Badge', width: 400, height: 400 },
      { file: 'fsr-logo.png', title: 'Logo', width: 600, height: 240 },
    ],
  },
};

export const badgeUrl = (file: string) => `/badges/${file}`;

export function BadgesTab({ sets }: { sets: BadgeSet[] }) {
  return (
    <div className="settings-stack">
      {sets.map((set) => (
        <section key={set} className="settings-card" aria-labelledby={`badges-${set}`}>
          <h2 id={`badges-${set}`} className="settings-card__title">
            {BADGES[set].name} Badges
          </h2>
          <p className="settings-card__hint">
            Show customers you are a member: put these on your website, quotes and vehicles.
          </p>
          <ul className="badge-grid">
            {BADGES[set].badges.map((badge) => (
              <li key={badge.file} className="badge-grid__item">
                <img
                  src={badgeUrl(badge.file)}
                  alt={`${BADGES[set].name} ${badge.title}`}
                  width={badge.width}
                  height={badge.height}
                  loading="lazy"
                />
                <a className="button button--ghost" href={badgeUrl(badge.file)} download={badge.file}>
                  Download {badge.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
