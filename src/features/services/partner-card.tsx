/**
 * One partner offering: title, category, highlights and the description, which is collapsed to
 * 200 px with a 'Read More' toggle only when it is taller than that (measured, so it follows the
 * width).
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { PartnerOffering } from '../../api/contracts/services';

export const COLLAPSED_HEIGHT = 200;

export function PartnerCard({ service }: { service: PartnerOffering }) {
  const text = useRef<HTMLParagraphElement>(null);
  const [tall, setTall] = useState(false);
  const [expanded, setExpanded] = useState(false);

  useLayoutEffect(() => {
    const element = text.current;
    if (!element) return;
    const measure = () => setTall(element.offsetHeight > COLLAPSED_HEIGHT);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const bodyId = `partner-${service.slug}-body`;
  return (
    <article className="partner-card" aria-labelledby={`partner-${service.slug}`}>
      <p className="partner-card__category">{service.category}</p>
      <h2 id={`partner-${service.slug}`} className="partner-card__title">
        {service.title}
      </h2>
      <ul className="partner-card__highlights">
        {service.highlights.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div
        id={bodyId}
        className={
          tall && !expanded ? 'partner-card__body partner-card__body--collapsed' : 'partner-card__body'
        }
      >
        <p ref={text} className="partner-card__description">
          {service.description}
        </p>
      </div>
      {tall ? (
        <button
          type="button"
          className="link-button partner-card__more"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Read Less' : 'Read More'}
        </button>
      ) : null}
      <a
        className="button button--primary partner-card__demo"
        href={service.demo_url}
        target="_blank"
        rel="noopener noreferrer"
      >
        Request A Demo
      </a>
    </article>
  );
}
