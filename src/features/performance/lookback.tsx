/**
 * Account Performance Lookback (spec part 3 §2.4): three area charts (PPC leads, lead rate, lead
 * cost) over the range and a table of the same figures per day or month, with the totals.
 */

import { SeriesGraph } from '../../api/contracts/performance';
import { bucketLabel, formatValue } from './format';
import { useReport } from './perf-read';
import { SeriesChart } from './series-chart';
import { TableWrap } from './table-wrap';
import type { Filters } from './use-filters';

export function Lookback({ filters }: { filters: Filters }) {
  const leads = useReport(SeriesGraph, '/performance/account/ppc_leads', filters);
  const rate = useReport(SeriesGraph, '/performance/account/ppc_lead_rate', filters);
  const cost = useReport(SeriesGraph, '/performance/account/ppc_lead_cost', filters);
  const points = leads.data?.series.leads ?? [];
  const interval = leads.data?.interval ?? 'day';
  const loading = leads.loading || rate.loading || cost.loading;
  return (
    <section className="perf-panel" aria-label="Account Performance Lookback">
      <h2 className="perf-panel__title">Account Performance Lookback</h2>
      <div className="perf-grid perf-grid--3">
        <SeriesChart
          title="PPC Leads"
          graph={leads.data}
          names={{ leads: 'Leads' }}
          area
          loading={leads.loading}
        />
        <SeriesChart
          title="Lead Rate"
          graph={rate.data}
          names={{ lead_rate: 'Lead Rate' }}
          kind="percent"
          area
          loading={rate.loading}
        />
        <SeriesChart
          title="Lead Cost"
          graph={cost.data}
          names={{ lead_cost: 'Lead Cost' }}
          kind="money"
          area
          loading={cost.loading}
        />
      </div>
      <TableWrap label="Account Performance Lookback table" loading={loading}>
        <table className="perf-table" aria-label="Account Performance Lookback">
          <thead>
            <tr>
              <th scope="col">{interval === 'day' ? 'Day' : 'Month'}</th>
              <th scope="col">Leads</th>
              <th scope="col">Lead Rate</th>
              <th scope="col">Lead Cost</th>
            </tr>
          </thead>
          <tbody>
            {points.length === 0 ? (
              <tr>
                <td colSpan={4} className="perf-table__empty">
                  No data available
                </td>
              </tr>
            ) : (
              points.map((p, i) => (
                <tr key={p.date}>
                  <td>{bucketLabel(p.date, interval)}</td>
                  <td>{formatValue(p.value)}</td>
                  <td>{formatValue(rate.data?.series.lead_rate?.[i]?.value ?? 0, 'percent')}</td>
                  <td>{formatValue(cost.data?.series.lead_cost?.[i]?.value ?? 0, 'money')}</td>
                </tr>
              ))
            )}
          </tbody>
          {points.length ? (
            <tfoot>
              <tr>
                <td>Total</td>
                <td>{formatValue(leads.data?.totals.leads ?? 0)}</td>
                <td>{formatValue(rate.data?.totals.lead_rate ?? 0, 'percent')}</td>
                <td>{formatValue(cost.data?.totals.lead_cost ?? 0, 'money')}</td>
              </tr>
            </tfoot>
          ) : null}
        </table>
      </TableWrap>
    </section>
  );
}
