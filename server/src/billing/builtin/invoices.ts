// The built-in provider's invoices (docs/product/billing.md): one per payment, issued in the transaction that takes
// the payment, numbered PAD-{year}-{000001} without gaps, with net, VAT and gross by the buyer's country (vat.ts).
import { randomUUID } from 'node:crypto';
import type { Invoice } from '@paddock/shared/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoiceNumbers, invoices, users, type InvoiceBuyer, type InvoiceRow, type PaymentRow, type UserRow } from '../../db/schema';
import { vatAmounts, vatTreatment } from './vat';

/** The download path of an invoice's PDF (docs/product/api.md); the same authorization as the invoice list. */
export const invoicePdfPath = (userId: string, invoiceId: string) =>
  `/api/users/${encodeURIComponent(userId)}/invoices/${encodeURIComponent(invoiceId)}/pdf`;

function buyerOf(user: UserRow): InvoiceBuyer {
  return {
    name: user.name,
    email: user.email,
    addressLines: [user.addr1, user.addr2, [user.postalCode, user.town].filter(Boolean).join(' ')].filter((line) => line.trim() !== ''),
    country: user.country,
    vatin: user.vatin,
  };
}

/**
 * The next invoice number of the year. The counter row stays locked until the charging transaction ends, so a
 * rolled-back purchase gives its number back and concurrent purchases wait for each other here, briefly.
 */
async function nextInvoiceNumber(tx: Db, at: Date): Promise<string> {
  const year = at.getUTCFullYear();
  const [row] = await tx
    .insert(invoiceNumbers)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceNumbers.year, set: { last: sql`${invoiceNumbers.last} + 1` } })
    .returning({ last: invoiceNumbers.last });
  return `PAD-${year}-${String(row.last).padStart(6, '0')}`;
}

/** Issues the invoice of a payment just recorded through `tx`, for the paying account as it is now. */
export async function issueInvoice(tx: Db, payment: PaymentRow, description: string, at: Date): Promise<InvoiceRow> {
  const [user] = payment.userId ? await tx.select().from(users).where(eq(users.id, payment.userId)) : [];
  if (!user) throw new Error(`invoice for payment ${payment.id}: no account ${payment.userId}`);
  const treatment = vatTreatment(user.country, user.vatin);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      id: randomUUID(),
      number: await nextInvoiceNumber(tx, at),
      paymentId: payment.id,
      userId: user.id,
      customerId: user.customerId,
      buyer: buyerOf(user),
      description,
      currency: payment.currency,
      ...vatAmounts(payment.amount, treatment),
      vatRatePercent: treatment.ratePercent,
      reverseCharge: treatment.reverseCharge,
      createdAt: at,
    })
    .returning();
  return invoice;
}

export function toInvoice(row: InvoiceRow, userId: string): Invoice {
  return {
    Id: row.id,
    Number: row.number,
    CreatedAt: row.createdAt.toISOString(),
    Description: row.description,
    Currency: row.currency,
    Net: row.net,
    VatRate: row.vatRatePercent / 100,
    Vat: row.vat,
    Gross: row.gross,
    ReverseCharge: row.reverseCharge,
    // The built-in provider records a payment only once it is taken.
    Status: 'paid',
    PdfUrl: invoicePdfPath(userId, row.id),
  };
}

/** The account's invoices, newest first. */
export async function invoicesOf(db: Db, userId: string): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.createdAt), desc(invoices.number));
}

/** One of the account's invoices; undefined when it has no invoice of that id. */
export async function findInvoice(db: Db, userId: string, invoiceId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  return row;
}
