/**
 * The summary's four executive cards (spec part 3 §2.5 Summary, §4): Agency (franchise), Pay Per
 * Call (live), Performance Paid Media (direct or fsr) and Directories (bpr), each with Total Cost,
 * Total Leads, Call Leads, Form Leads and CPL (cost without decimals). A locked card is blurred
 * with a lock ribbon and Get Started, which submits the interest form to the marketing-automation
 * provider (no notification on the summary) and opens the products page.
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { InterestFormBody } from '@/api/contracts/marketing';
import { submitInterestForm } from '@/widgets/interest/interest-api';
import type { ExecutiveCard, ExecutivePlatform, ExecutiveSummary } from '../../api/contracts/performance';
import { useSession } from '../../db/use-session';
import { dashboardPath } from '../../lib/routes';
import { toastError } from '../../ui/toast';
import { formatValue } from './format';

export const CARDS: {
  key: ExecutivePlatform;
  title: string;
  interest: InterestFormBody['portal_product_selection'];
}[] = [
  { key: 'franchise', title: 'Agency', interest: 'Paid Media' },
  { key: 'live', title: 'Pay Per Call', interest: 'Pay Per Call' },
  { key: 'direct', title: 'Performance Paid Media', interest: 'Perf Paid Media' },
  { key: 'directories', title: 'Directories', interest: 'Directories' },
];

const FIGURES = ['total_cost', 'total_leads', 'call_leads', 'form_leads', 'cpl'] as const;

function Card({
  title,
  card,
  onGetStarted,
  busy,
}: {
  title: string;
  card: ExecutiveCard;
  onGetStarted: () => void;
  busy: boolean;
}) {
  return (
    <section
      className={`perf-card${card.locked ? ' perf-card--locked' : ''}`}
      aria-label={title}
      data-locked={card.locked}
    >
      <h2 className="perf-card__title">{title}</h2>
      {card.locked ? <span className="perf-card__ribbon">Locked</span> : null}
      <dl className="perf-card__figures" aria-hidden={card.locked || undefined}>
        {FIGURES.map((f) => (
          <div key={f} style={{ display: 'contents' }}>
            <dt>{card[f].label}</dt>
            <dd data-figure={f}>
              {formatValue(card[f].value, f === 'total_cost' ? 'money0' : f === 'cpl' ? 'money' : 'count')}
            </dd>
          </div>
        ))}
      </dl>
      {card.locked ? (
        <div className="perf-card__cta">
          <button type="button" className="button button--primary" disabled={busy} onClick={onGetStarted}>
            Get Started
          </button>
        </div>
      ) : null}
    </section>
  );
}

export function SummaryCards({ data, intent }: { data: ExecutiveSummary; intent: string }) {
  const { user } = useSession();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const getStarted = async (interest: InterestFormBody['portal_product_selection']) => {
    if (!user) return;
    setBusy(true);
    try {
      await submitInterestForm({
        firstname: user.first_name,
        lastname: user.last_name,
        email: user.email,
        company: user.business_name || `${user.first_name} ${user.last_name}`,
        portal_product_selection: interest,
        portal_intent: intent,
        active_products: user.platforms.map((p) => p.platform).join(','),
      });
      navigate(dashboardPath('products'));
    } catch (error) {
      toastError('Error', error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="perf-cards">
      {CARDS.map((c) => (
        <Card
          key={c.key}
          title={c.title}
          card={data[c.key]}
          busy={busy}
          onGetStarted={() => getStarted(c.interest)}
        />
      ))}
    </div>
  );
}
