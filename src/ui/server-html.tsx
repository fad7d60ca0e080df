/**
 * HTML written on the server (the SEO content items' `data`) shown in the portal: the only
 * importer of dompurify (a lint rule keeps it so), and the only place that sets innerHTML.
 *
 * - An allow-list, not a block-list: text structure (paragraphs, headings, lists, emphasis,
 *   quotes, code, tables) and links; everything else is dropped with its attributes, its text
 *   kept. No script, style, form, iframe, image or SVG; no event handlers, class, style or id.
 * - Links keep only http(s), mailto and tel addresses (and relative ones), so no javascript: or
 *   data: URL; each opens in a new tab with rel="noopener noreferrer", so the page it opens gets
 *   no handle on the portal's window.
 * - Its own DOMPurify instance, so the link hook touches no other sanitising.
 */
import DOMPurify, { type Config } from 'dompurify';
import { useMemo } from 'react';

const CONFIG: Config = {
  ALLOWED_TAGS: [
    'a',
    'b',
    'blockquote',
    'br',
    'code',
    'em',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'i',
    'li',
    'ol',
    'p',
    'pre',
    's',
    'small',
    'span',
    'strong',
    'sub',
    'sup',
    'table',
    'tbody',
    'td',
    'th',
    'thead',
    'tr',
    'u',
    'ul',
  ],
  ALLOWED_ATTR: ['href', 'title', 'colspan', 'rowspan', 'scope'],
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  if (node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  } else {
    node.removeAttribute('target');
  }
});

/** The markup as it may be rendered: see the module header for what survives. */
function sanitizeServerHtml(html: string): string {
  return purifier.sanitize(html, CONFIG);
}

export type ServerHtmlProps = {
  html: string;
  className?: string;
};

export function ServerHtml({ html, className }: ServerHtmlProps) {
  const clean = useMemo(() => sanitizeServerHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above with a strict allow-list
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
