/**
 * A paid invoice's details with its receipt (date, method, amount, confirmation number) and its
 * PDF, which carries the same receipt. Opened from the "Paid" cell. Props in, JSX out.
 */
import type { Invoice } from '../../api/contracts/billing';
import { Modal } from '../../ui/modal';
import { InvoiceFacts } from './invoice-facts';
import { InvoiceReceipt } from './invoice-receipt';

export type ReceiptDialogProps = {
  invoice: Invoice;
  zone?: string | null;
  downloading: boolean;
  onDownload: (invoice: Invoice) => void;
  onClose: () => void;
};

export function ReceiptDialog({ invoice, zone, downloading, onDownload, onClose }: ReceiptDialogProps) {
  return (
    <Modal
      title="Invoice Details"
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className="button button--ghost"
            disabled={downloading}
            onClick={() => onDownload(invoice)}
          >
            {downloading ? 'Downloading' : 'Download PDF'}
          </button>
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <div className="pay-details">
        <InvoiceFacts invoice={invoice} />
        <InvoiceReceipt invoice={invoice} zone={zone} />
      </div>
    </Modal>
  );
}
