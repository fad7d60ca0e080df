/**
 * The sample data behind the RevConnect promo (spec part 3 §2.5, §9: sample dates 2024-01-01 to
 * 2024-01-07). Shown only blurred under 'What is your cost of marketing?', never as the customer's
 * figures.
 */
import type { RevconnectFunnel, RevconnectMetrics, SeriesGraph } from '../../api/contracts/performance';

const DAYS = [
  '2024-01-01',
  '2024-01-02',
  '2024-01-03',
  '2024-01-04',
  '2024-01-05',
  '2024-01-06',
  '2024-01-07',
];
const line = (values: number[]) => DAYS.map((date, i) => ({ date, value: values[i] }));
const s = (title: string, value: number, change: number) => ({
  title,
  value,
  previous_value: value,
  performance_change: change,
});

export const SAMPLE_METRICS: RevconnectMetrics = {
  metrics: {
    leads: s('Leads', 120, 8.5),
    qualified_leads: s('Qualified Leads', 84, 5.1),
    appointments: s('Appointments', 46, 3.2),
    sales: s('Sales', 18, 12.5),
    cost_per_lead: s('Cost Per Lead', 75, -4.2),
    cost_per_ql: s('Cost Per QL', 107, -2.7),
    cost_per_appt: s('Cost Per Appt', 196, 1.9),
    cost_per_sale: s('Cost Per Sale', 500, -6.3),
    rev_per_lead: s('Rev Per Lead', 1725, 6.1),
    rev_per_ql: s('Rev Per QL', 2464, 4.4),
    rev_per_appt: s('Rev Per Appt', 4500, 2.2),
    rev_per_sale: s('Rev Per Sale', 11500, 1.4),
  },
};

export const SAMPLE_FUNNEL: RevconnectFunnel = {
  funnel: [
    { name: 'Leads', data: [{ value: 120 }] },
    { name: 'Qualified Leads', data: [{ value: 84 }] },
    { name: 'Appointments', data: [{ value: 46 }] },
    { name: 'Sales', data: [{ value: 18 }] },
  ],
};

export const SAMPLE_REV_SALES: SeriesGraph = {
  interval: 'day',
  series: {
    revenue: line([23000, 34500, 11500, 46000, 23000, 34500, 34500]),
    sales: line([2, 3, 1, 4, 2, 3, 3]),
  },
  totals: { total_rev: 207000, total_sales: 18 },
};

export const SAMPLE_MARKETING: SeriesGraph = {
  interval: 'day',
  series: { cost: line([1200, 1350, 1280, 1400, 1310, 1220, 1240]) },
  totals: { total: 9000 },
};
