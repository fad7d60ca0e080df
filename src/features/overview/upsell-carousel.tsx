/**
 * The upsell carousel (spec part 2 §2, §8): one card at a time, autoplay every 10 seconds, looping,
 * paused while hovered or focused; previous / next and a dot per card. A card's button does its
 * action: open_modal goes to /dashboard/{index}#{element_id}; go_to to products#{name}; a request
 * either asks for a website URL and requests its grade (POST /fetch_grade) or sends an interest
 * request (POST /submit_mql_info, click_source 'overview'). Both requests need a connection.
 */
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { request } from '../../api/client';
import { endpointPath } from '../../api/contracts/endpoints';
import {
  FetchGradeResponse,
  GRADE_MESSAGES,
  isWebsiteUrl,
  type Upsell,
  UpsellsResponse,
} from '../../api/contracts/overview';
import { dashboardPath } from '../../lib/routes';
import { requireConnection } from '../../sync/connectivity-guard';
import { useCachedRead } from '../../sync/use-cached-read';
import { UrlInput } from '../../ui/inputs/url-input';
import { toastError, toastSuccess } from '../../ui/toast';
import { submitInterest } from '../../widgets/interest/interest-api';

export const AUTOPLAY_MS = 10_000;
const CONTACT = 'We’ve received your request. Our team will contact you soon.';
const UPGRADE = "Your upgrade request has been received. We'll process it shortly.";

function Card({ card }: { card: Upsell }) {
  const [, navigate] = useLocation();
  const [url, setUrl] = useState('');
  const urlId = useId();
  const [busy, setBusy] = useState(false);
  const grade = card.cta_value === 'website_grade';
  const act = async () => {
    if (card.action === 'open_modal')
      return navigate(`${dashboardPath(card.index ?? 'products')}#${card.element_id ?? ''}`);
    if (card.action === 'go_to') return navigate(`${dashboardPath('products')}#${card.name}`);
    if (grade && !isWebsiteUrl(url)) return toastError('Error', GRADE_MESSAGES.invalid);
    setBusy(true);
    try {
      if (grade) {
        requireConnection();
        await request(FetchGradeResponse, endpointPath('POST /fetch_grade'), {
          method: 'POST',
          body: { url: url.trim() },
          toast: false,
        });
        toastSuccess(GRADE_MESSAGES.thanks);
        setUrl('');
      } else {
        await submitInterest({
          product: card.name,
          ...(card.package ? { package: card.package } : {}),
          click_source: 'overview',
          product_status: card.active ? 'active' : 'inactive',
        });
        toastSuccess(card.active && card.package ? UPGRADE : CONTACT);
      }
    } catch (error) {
      toastError('Error', error instanceof Error ? error.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="upsell-card">
      {card.tag ? <span className="upsell-card__tag">{card.tag}</span> : null}
      <h3 className="upsell-card__title">{card.title}</h3>
      {card.subtitle ? <p className="upsell-card__subtitle">{card.subtitle}</p> : null}
      {card.grade ? <p className="upsell-card__grade">Grade: {card.grade}</p> : null}
      {grade ? (
        // The card's own check (isWebsiteUrl) answers on its button with a toast: error={null}
        // keeps the field's generic url message out.
        <UrlInput
          id={urlId}
          label={card.cta_prompt ?? 'Website URL'}
          hideLabel
          placeholder={card.cta_prompt ?? 'Website URL'}
          value={url}
          error={null}
          onChange={setUrl}
        />
      ) : null}
      {card.show_button ? (
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void act()}>
          {card.submit_button ?? 'Learn More'}
        </button>
      ) : null}
    </div>
  );
}

export function UpsellCarousel() {
  const read = useCachedRead(UpsellsResponse, endpointPath('GET /upsells'), { freshForMs: 60_000 });
  const cards = read.data?.upsells ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = cards.length;
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [paused, count]);
  if (count === 0) return null;
  const shown = cards[index % count];
  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  return (
    <section
      className="overview-card upsell-carousel"
      aria-roledescription="carousel"
      aria-label="Offers for you"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <div aria-live={paused ? 'polite' : 'off'}>
        <p className="visually-hidden">{`Offer ${(index % count) + 1} of ${count}`}</p>
        <Card key={shown.id} card={shown} />
      </div>
      <div className="upsell-carousel__controls">
        <button
          type="button"
          className="pagination__button"
          aria-label="Previous offer"
          onClick={() => go(-1)}
        >
          ‹
        </button>
        {cards.map((card, i) => (
          <button
            key={card.id}
            type="button"
            className="upsell-carousel__dot"
            aria-label={`Offer ${i + 1}`}
            aria-current={i === index % count ? 'true' : undefined}
            onClick={() => setIndex(i)}
          />
        ))}
        <button type="button" className="pagination__button" aria-label="Next offer" onClick={() => go(1)}>
          ›
        </button>
      </div>
    </section>
  );
}
