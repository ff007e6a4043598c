import { inflateSync } from 'node:zlib';
import type { InvoiceRow } from '../../db/schema';
import { renderInvoicePdf } from './invoicePdf';

/** WinAnsi differs from Latin-1 in 0x80–0x9F; these are the letters the invoice texts use from there. */
const WIN_ANSI_EXTRAS: Record<string, string> = { '\x80': '€', '\x92': '’', '\x96': '–' };
const decodeWinAnsi = (bytes: Buffer) => bytes.toString('latin1').replace(/[\x80-\x9f]/g, (c) => WIN_ANSI_EXTRAS[c] ?? c);

/** The text lines of a pdfkit PDF: its content streams inflated, the hex strings of each TJ decoded (WinAnsi). */
function textOf(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((match) => {
    try {
      return inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    } catch {
      return '';
    }
  });
  return streams.flatMap((content) =>
    [...content.matchAll(/\[(.*?)\] TJ/g)].map((tj) =>
      decodeWinAnsi(Buffer.concat([...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1], 'hex')))),
    ),
  );
}

const invoice: InvoiceRow = {
  id: 'invoice-1',
  number: 'PAD-2026-000042',
  paymentId: 'payment-1',
  userId: 'user-1',
  customerId: 'cus_1',
  buyer: {
    name: 'Ferme Müller',
    email: 'ferme@example.fr',
    addressLines: ['1 rue de la Paix', '75001 Paris'],
    country: 'FR',
    vatin: 'FR12345678901',
  },
  description: 'FarmCam SIM extra data 1 GB – Étable',
  currency: 'EUR',
  net: 123456,
  vatRatePercent: 0,
  vat: 0,
  gross: 123456,
  reverseCharge: true,
  createdAt: new Date('2026-11-24T10:00:00Z'),
};

describe('invoice PDF', () => {
  it("is a PDF in the buyer's language with seller, buyer, amounts and the reverse-charge note", async () => {
    const pdf = await renderInvoicePdf(invoice, 'fr-FR');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const lines = textOf(pdf);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Facture',
        'Numéro de facture: PAD-2026-000042',
        'Date: 24 novembre 2026',
        'Paddock',
        'Suède',
        'Ferme Müller',
        'France',
        'N° de TVA : FR12345678901',
        'FarmCam SIM extra data 1 GB – Étable',
        'TVA 0 %',
        '1\u00a0234,56\u00a0€',
        'Autoliquidation : TVA due par le preneur (article 196 de la directive 2006/112/CE).',
      ]),
    );
  });

  it('shows Swedish VAT and no reverse-charge note for a Swedish buyer', async () => {
    const swedish = {
      ...invoice,
      currency: 'SEK' as const,
      vatRatePercent: 25,
      vat: 30864,
      gross: 154320,
      reverseCharge: false,
      buyer: { ...invoice.buyer, country: 'SE', vatin: '' },
    };
    const lines = textOf(await renderInvoicePdf(swedish, 'sv-SE'));
    expect(lines).toEqual(
      expect.arrayContaining(['Faktura', 'Moms 25 %', '308,64\u00a0kr', 'Att betala', '1\u00a0543,20\u00a0kr', 'Sverige']),
    );
    expect(lines.join('\n')).not.toContain('Omvänd betalningsskyldighet');
  });
});
