import { useState } from 'react';
import { useIntl } from 'react-intl';
import { billingApi, isExternalInvoiceUrl } from '@paddock/shared/api';
import type { Invoice } from '@paddock/shared/contract';
import { formatMinorMoney } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Button, Table, saveFile, type TableColumn } from '@paddock/shared/ui';
import { billingTexts } from './messages';
import { BillingSection } from './Section';
import { useLoaded } from '@paddock/shared/api';

const m = billingTexts.messages;
const STATUS_TEXTS = { paid: m.invoicePaid, open: m.invoiceOpen, failed: m.invoiceFailed } as const;

/** The user's invoices, newest first, each with its PDF (docs/product/api.md Billing: fetched with the token, then saved). */
export function Invoices({ userId, version }: { userId: string; version: number }) {
  const t = useT();
  const intl = useIntl();
  const { loaded, reload } = useLoaded(() => billingApi.invoices(userId, { silent: true }), [userId, version]);
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(invoice: Invoice) {
    if (isExternalInvoiceUrl(invoice.PdfUrl)) {
      window.open(invoice.PdfUrl, '_blank', 'noopener');
      return;
    }
    setDownloading(invoice.Id);
    try {
      saveFile(await billingApi.invoicePdf(invoice), `invoice-${invoice.Number}.pdf`);
    } catch {
      // The shared failed-reply handler has shown why.
    } finally {
      setDownloading(null);
    }
  }

  const money = (invoice: Invoice, amount: number) => formatMinorMoney(intl.locale, amount, invoice.Currency);
  const columns: TableColumn<Invoice>[] = [
    {
      key: 'date',
      header: t(m.columnDate),
      cell: (i) => intl.formatDate(i.CreatedAt, { day: 'numeric', month: 'short', year: 'numeric' }),
    },
    { key: 'number', header: t(m.columnNumber), cell: (i) => i.Number },
    {
      key: 'description',
      header: t(m.columnDescription),
      cell: (i) => (
        <>
          {i.Description}
          {i.ReverseCharge ? <span className="pd-billing__muted"> · {t(m.reverseCharge)}</span> : null}
        </>
      ),
    },
    { key: 'total', header: t(m.columnTotal), cell: (i) => <span className="pd-billing__amount">{money(i, i.Gross)}</span> },
    { key: 'status', header: t(m.columnStatus), cell: (i) => t(STATUS_TEXTS[i.Status]) },
    {
      key: 'pdf',
      header: t(m.columnPdf),
      hideHeader: true,
      align: 'end',
      cell: (i) => (
        <Button busy={downloading === i.Id} aria-label={t(m.downloadPdf, { number: i.Number })} onClick={() => void download(i)}>
          {t(m.download)}
        </Button>
      ),
    },
  ];

  return (
    <BillingSection title={t(m.invoicesHeading)} loaded={loaded} retry={reload}>
      {(invoices) =>
        invoices.length === 0 ? (
          <p className="pd-billing__text">{t(m.noInvoices)}</p>
        ) : (
          <Table caption={t(m.invoicesHeading)} hideCaption columns={columns} rows={invoices} rowKey={(i) => i.Id} />
        )
      }
    </BillingSection>
  );
}
