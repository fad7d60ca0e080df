/**
 * Where focus goes when an invoice's dialog closes. The dialog gives it back to the control that
 * opened it (ui/dialog.tsx), but paying replaces that control (Pay Now becomes Processing, then
 * Paid or What to do), so focus would fall to the page: then it goes to the row's control now
 * (its first enabled one marked data-invoice-control: the pay cell's, else the PDF button).
 */
export const invoiceControl = (id: number) => ({ 'data-invoice-control': id });

export function focusInvoiceRow(id: number): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document
      .querySelector<HTMLElement>(`[data-invoice-control="${id}"]:not(:disabled)`)
      ?.focus({ preventScroll: false });
  });
}
