/**
 * Deployment settings of the client that are addresses outside this app: the sister-brand portals
 * linked from the sign-in page, the external calls portal (sign-up's 'Add a new account') and the
 * packout partner behind the login ad. Read from VITE_* variables at build time; the defaults are
 * placeholders under example.com, never a real third party.
 *
 * Only http(s) addresses are accepted: a misconfigured value falls back to its default rather
 * than ending up as a `javascript:` link.
 */

export type ExternalLink = { label: string; url: string };

const env = import.meta.env as Record<string, string | undefined>;

function address(name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value && /^https?:\/\//i.test(value) ? value : fallback;
}

const text = (name: string, fallback: string) => env[name]?.trim() || fallback;

/** The three sister-brand portals on the sign-in page (spec part 1 §1, §2 /login). */
export const SISTER_BRANDS: readonly ExternalLink[] = [
  {
    label: text('VITE_SISTER_BRAND_1_LABEL', 'BPR customer login'),
    url: address('VITE_SISTER_BRAND_1_URL', 'https://bpr.example.com/login'),
  },
  {
    label: text('VITE_SISTER_BRAND_2_LABEL', 'FSR customer login'),
    url: address('VITE_SISTER_BRAND_2_URL', 'https://fsr.example.com/login'),
  },
  {
    label: text('VITE_SISTER_BRAND_3_LABEL', 'Socius customer login'),
    url: address('VITE_SISTER_BRAND_3_URL', 'https://socius.example.com/login'),
  },
];

/** The external calls portal where a customer adds a new account (sign-up, connect-accounts). */
export const CALLS_PORTAL_URL = address('VITE_CALLS_PORTAL_URL', 'https://calls.example.com');

/** The contents-packout partner the login ad points to. */
export const PACKOUT_PARTNER_URL = address('VITE_PACKOUT_PARTNER_URL', 'https://packout.example.com');

/** The product's name, used in titles (the welcome title of set-password names it). */
export const PRODUCT_NAME = text('VITE_PRODUCT_NAME', 'Customer Portal');

/**
 * The legacy client portal where a customer adds an existing live or direct account (spec part 2
 * §7, add-existing-account modal): set the staging or the production address per deployment.
 */
export const LEGACY_PORTAL_URL = address('VITE_LEGACY_PORTAL_URL', 'https://legacy-portal.example.com');

/**
 * Where the embedded analytics dashboard lives (spec part 3 §2.9): the frame's address is this
 * plus the agency key. By default the reference server's embeddable page on this origin.
 */
export const ANALYTICS_EMBED_URL = address('VITE_ANALYTICS_EMBED_URL', '/embed/analytics');
