// An invoice as a PDF (docs/product/billing.md), in the buyer's language: seller, buyer, the line, net, VAT and
// gross, and the reverse-charge note where it applies. pdfkit's built-in Helvetica covers the four languages' letters.
import { formatMinorMoney, type Locale } from '@paddock/shared/domain';
import PDFDocument from 'pdfkit';
import type { InvoiceRow } from '../../db/schema';
import { translate } from '../../i18n/messages';
import { SELLER } from './vat';

/** Helvetica's encoding lacks the narrow no-break space French number formats use; a plain no-break space reads the same. */
const pdfText = (text: string) => text.replace(/\u202f/g, '\u00a0');

export function renderInvoicePdf(invoice: InvoiceRow, locale: Locale): Promise<Buffer> {
  const t = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) => pdfText(translate(locale, key, values));
  // The one money format (docs/product/limits.md "Money", Amounts), as the app writes the same invoice.
  const money = (amount: number) => pdfText(formatMinorMoney(locale, amount, invoice.currency));
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(invoice.createdAt);
  const regions = new Intl.DisplayNames(locale, { type: 'region' });
  const countryName = (code: string) => (/^[A-Z]{2}$/i.test(code) ? (regions.of(code.toUpperCase()) ?? code) : code);

  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${t('invoice_title')} ${invoice.number}`, Author: SELLER.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(22).text(t('invoice_title'));
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  doc.text(`${t('invoice_number')}: ${invoice.number}`);
  doc.text(`${t('invoice_date')}: ${date}`);

  doc.moveDown().font('Helvetica-Bold').text(t('invoice_seller'));
  doc.font('Helvetica').text([SELLER.name, countryName(SELLER.country)].join('\n'));

  const { buyer } = invoice;
  doc.moveDown().font('Helvetica-Bold').text(t('invoice_buyer'));
  doc.font('Helvetica').text([buyer.name, buyer.email, ...buyer.addressLines, countryName(buyer.country)].filter(Boolean).join('\n'));
  if (buyer.vatin) doc.text(t('invoice_vat_number', { vatin: buyer.vatin }));

  doc.moveDown(1.5);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, left, y, { width: right - left - 130 });
    doc.text(amount, right - 120, y, { width: 120, align: 'right' });
    doc.moveDown(0.4);
  };
  row(t('invoice_description'), '', true);
  row(pdfText(invoice.description), money(invoice.net));
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke().moveDown(0.4);
  row(t('invoice_net'), money(invoice.net));
  row(t('invoice_vat', { rate: invoice.vatRatePercent }), money(invoice.vat));
  row(t('invoice_gross'), money(invoice.gross), true);

  doc.moveDown().font('Helvetica').fontSize(9);
  if (invoice.reverseCharge) doc.text(t('invoice_reverse_charge'), left, doc.y, { width: right - left });
  doc.text(t('invoice_paid'), left, doc.y, { width: right - left });
  doc.end();
  return done;
}
