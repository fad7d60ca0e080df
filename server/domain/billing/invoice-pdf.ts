/**
 * The invoice as a PDF (spec part 3 §7 "GET /invoices/{id}: the response goes to a PDF download
 * handler"): one A4/Letter page per up to ROWS_PER_PAGE line items, with the invoice number, the
 * account, dates, status, the line items and the totals, drawn with pdf-lib's standard fonts.
 *
 * - The document's title is the invoice number, so a viewer's tab and the file agree.
 * - A paid invoice carries its receipt under the totals: the payment's date, method, amount and
 *   the provider's confirmation number.
 * - Standard fonts only encode WinAnsi: other characters are replaced, never thrown on.
 */
import { asc, eq } from 'drizzle-orm';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { Invoice, InvoicePayment } from '../../../src/api/contracts/billing';
import type { Db } from '../../db/client';
import { invoiceItems } from '../../db/schema/billing';
import { dollars } from './invoices';

const ROWS_PER_PAGE = 28;
const INK = rgb(0.12, 0.14, 0.2);
const MUTED = rgb(0.42, 0.45, 0.52);
const LINE = rgb(0.85, 0.87, 0.9);

/** Keeps what WinAnsi can draw. */
const safe = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

const money = (cents: number) =>
  `$${Number(dollars(cents)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const usDate = (iso: string | null) => {
  if (!iso) return '-';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
};

export const invoiceFileName = (invoice: Pick<Invoice, 'name'>) =>
  `${invoice.name.replace(/[^\w.-]+/g, '-')}.pdf`;

type Fonts = { regular: PDFFont; bold: PDFFont };

const methodText = (m: InvoicePayment['method']) => {
  if (!m) return '-';
  return m.type === 'ach'
    ? `ACH - ${m.account_number ?? ''}`
    : `${m.brand ?? 'Card'} **** ${m.last_four ?? ''}`;
};

/** The receipt lines of a succeeded payment, else none. */
function receiptLines(payment: InvoicePayment | null): [string, string][] {
  if (payment?.status !== 'succeeded') return [];
  return [
    ['Payment date', usDate(payment.settled_at ?? payment.created_at)],
    ['Method', methodText(payment.method)],
    ['Amount paid', `$${Number(payment.amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`],
    ['Confirmation', payment.confirmation ?? '-'],
  ];
}

function header(page: PDFPage, fonts: Fonts, invoice: Invoice, pageNo: number, pages: number) {
  const { width, height } = page.getSize();
  const text = (value: string, x: number, y: number, size = 10, bold = false, color = INK) =>
    page.drawText(safe(value), { x, y, size, font: bold ? fonts.bold : fonts.regular, color });
  text('INVOICE', 50, height - 70, 22, true);
  text(invoice.name, 50, height - 92, 12, true);
  text(`Page ${pageNo} of ${pages}`, width - 120, height - 70, 9, false, MUTED);
  const facts: [string, string][] = [
    ['Account', `${invoice.account_name} (${invoice.platform})`],
    ['Product', invoice.product_name],
    ['Status', invoice.status],
    ['Invoice date', usDate(invoice.created_at)],
    ['Due date', usDate(invoice.due_date)],
    ['Period', `${usDate(invoice.period_start)} - ${usDate(invoice.period_end)}`],
  ];
  if (invoice.paid_at) facts.push(['Paid on', usDate(invoice.paid_at)]);
  facts.forEach(([label, value], i) => {
    text(label, 50, height - 126 - i * 16, 9, false, MUTED);
    text(value, 140, height - 126 - i * 16, 10);
  });
  return height - 126 - facts.length * 16 - 20;
}

export async function renderInvoicePdf(db: Db, invoice: Invoice): Promise<Uint8Array> {
  const items = await db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoice_id, invoice.id))
    .orderBy(asc(invoiceItems.position), asc(invoiceItems.id));
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${invoice.name}`);
  doc.setSubject(`${invoice.product_name} - ${invoice.account_name}`);
  doc.setCreator('Customer Portal');
  doc.setProducer('Customer Portal');
  doc.setCreationDate(new Date(invoice.created_at));
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const pages = Math.max(1, Math.ceil(items.length / ROWS_PER_PAGE));
  const columns = [50, 330, 400, 480];

  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    const text = (value: string, x: number, y: number, size = 10, bold = false, color = INK) =>
      page.drawText(safe(value), { x, y, size, font: bold ? fonts.bold : fonts.regular, color });
    const right = (value: string, xRight: number, y: number, size = 10, bold = false) => {
      const font = bold ? fonts.bold : fonts.regular;
      text(value, xRight - font.widthOfTextAtSize(safe(value), size), y, size, bold);
    };
    let y = header(page, fonts, invoice, p + 1, pages);
    text('Description', columns[0], y, 9, true, MUTED);
    right('Qty', columns[1] + 40, y, 9, true);
    right('Unit price', columns[2] + 60, y, 9, true);
    right('Amount', 562, y, 9, true);
    page.drawLine({ start: { x: 50, y: y - 6 }, end: { x: 562, y: y - 6 }, thickness: 1, color: LINE });
    y -= 22;
    for (const item of items.slice(p * ROWS_PER_PAGE, (p + 1) * ROWS_PER_PAGE)) {
      text(item.description.slice(0, 52), columns[0], y);
      right(String(item.quantity), columns[1] + 40, y);
      right(money(item.unit_price_cents), columns[2] + 60, y);
      right(money(item.amount_cents), 562, y);
      y -= 18;
    }
    if (p === pages - 1) {
      page.drawLine({ start: { x: 330, y: y + 6 }, end: { x: 562, y: y + 6 }, thickness: 1, color: LINE });
      y -= 12;
      const amount = Math.round(Number(invoice.amount) * 100);
      const outstanding = Math.round(Number(invoice.outstanding_amount) * 100);
      text('Total', 330, y, 11, true);
      right(money(amount), 562, y, 11, true);
      y -= 18;
      text('Paid', 330, y);
      right(money(amount - outstanding), 562, y);
      y -= 18;
      text('Amount due', 330, y, 11, true);
      right(money(outstanding), 562, y, 11, true);
      const receipt = receiptLines(invoice.payment);
      if (receipt.length) {
        y -= 40;
        text('PAYMENT RECEIVED', 50, y, 11, true);
        for (const [label, value] of receipt) {
          y -= 16;
          text(label, 50, y, 9, false, MUTED);
          text(value, 140, y, 10);
        }
      }
    }
  }
  return doc.save();
}
