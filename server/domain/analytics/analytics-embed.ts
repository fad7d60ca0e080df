/**
 * The embedded analytics page (spec part 3 §2.9): what the third-party reporting dashboard would
 * show for an agency key, drawn from the customer's own figures: totals of the last twelve months
 * and a bar chart of leads per month (calls and forms), as plain HTML and inline SVG (no script).
 * `hideProfile` leaves out the business's profile header, as the portal's embed asks.
 */
import type { MonthFigures } from './analytics';

const html = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
const int = (n: number) => n.toLocaleString('en-US');
const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  });

function chart(months: MonthFigures[]): string {
  const width = 720;
  const height = 240;
  const top = Math.max(1, ...months.map((m) => m.calls + m.forms));
  const slot = width / Math.max(1, months.length);
  const bar = Math.min(36, slot * 0.6);
  const y = (value: number) => (value / top) * (height - 30);
  const bars = months
    .map((m, i) => {
      const x = i * slot + (slot - bar) / 2;
      const calls = y(m.calls);
      const forms = y(m.forms);
      return `<g><title>${html(monthLabel(m.month))}: ${int(m.calls)} calls, ${int(m.forms)} forms</title>
<rect x="${x.toFixed(1)}" y="${(height - 20 - calls).toFixed(1)}" width="${bar.toFixed(1)}" height="${calls.toFixed(1)}" fill="#1e40af"/>
<rect x="${x.toFixed(1)}" y="${(height - 20 - calls - forms).toFixed(1)}" width="${bar.toFixed(1)}" height="${forms.toFixed(1)}" fill="#10b981"/>
<text x="${(x + bar / 2).toFixed(1)}" y="${height - 4}" text-anchor="middle">${html(monthLabel(m.month))}</text></g>`;
    })
    .join('\n');
  return `<svg viewBox="0 0 ${width} ${height}" role="img" aria-label="Leads per month: calls and forms">${bars}</svg>`;
}

export function renderEmbed(name: string, months: MonthFigures[], hideProfile: boolean): string {
  const sum = (pick: (m: MonthFigures) => number) => months.reduce((total, m) => total + pick(m), 0);
  const leads = sum((m) => m.calls + m.forms);
  const cost = sum((m) => m.cost_cents);
  const tiles: [string, string][] = [
    ['Leads', int(leads)],
    ['Calls', int(sum((m) => m.calls))],
    ['Forms', int(sum((m) => m.forms))],
    ['Clicks', int(sum((m) => m.clicks))],
    ['Spend', money(cost)],
    ['Cost per lead', leads ? money(cost / leads) : '—'],
  ];
  const rows = months
    .map(
      (m) =>
        `<tr><td>${html(monthLabel(m.month))}</td><td>${int(m.impressions)}</td><td>${int(m.clicks)}</td><td>${int(m.calls)}</td><td>${int(m.forms)}</td><td>${money(m.cost_cents)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Analytics</title><style>
body{margin:0;padding:16px;font:14px/1.5 system-ui,sans-serif;color:#0f172a;background:#fff}
h1{font-size:18px;margin:0 0 4px}.sub{color:#475569;margin:0 0 16px}
.tiles{display:grid;grid-template-columns:repeat(auto-fit,minmax(110px,1fr));gap:8px;margin-bottom:16px}
.tile{padding:10px;border:1px solid #cbd5e1;border-radius:8px}.tile b{display:block;font-size:20px}
svg{width:100%;height:auto;max-height:260px}svg text{font-size:11px;fill:#475569}
.legend span{display:inline-block;width:10px;height:10px;margin:0 4px 0 12px;border-radius:2px}
table{width:100%;border-collapse:collapse;margin-top:12px}th,td{padding:6px;border-bottom:1px solid #e2e8f0;text-align:right}
th:first-child,td:first-child{text-align:left}.wrap{overflow-x:auto}
</style></head><body>
${hideProfile ? '' : `<header><h1>${html(name)}</h1><p class="sub">Advertising performance</p></header>`}
<section aria-label="Last 12 months"><div class="tiles">${tiles.map(([label, value]) => `<div class="tile">${label}<b>${value}</b></div>`).join('')}</div></section>
<section aria-label="Leads per month"><p class="legend"><span style="background:#1e40af"></span>Calls<span style="background:#10b981"></span>Forms</p>${chart(months)}</section>
<div class="wrap"><table><thead><tr><th>Month</th><th>Impressions</th><th>Clicks</th><th>Calls</th><th>Forms</th><th>Spend</th></tr></thead><tbody>${rows || '<tr><td colspan="6">No data available</td></tr>'}</tbody></table></div>
</body></html>`;
}
