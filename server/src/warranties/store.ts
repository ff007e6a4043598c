// Warranties: storage and the wire representation (docs/product/api.md "Warranties").
import { randomUUID } from 'node:crypto';
import type { Warranty } from '@paddock/shared/contract';
import { WARRANTIES_PER_ACCOUNT_MAX, type ProofType, type WarrantyProduct } from '@paddock/shared/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import { isUniqueViolation, type Db } from '../db/client';
import { users, warranties, type WarrantyRow } from '../db/schema';
import { conflict, notFound } from '../http/errors';

/** A warranty without its proof's bytes: what lists and look-ups need. */
export type WarrantySummary = Omit<WarrantyRow, 'proof'>;

const summaryColumns = {
  id: warranties.id,
  userId: warranties.userId,
  product: warranties.product,
  serialNumber: warranties.serialNumber,
  retailer: warranties.retailer,
  dateOfPurchase: warranties.dateOfPurchase,
  proofType: warranties.proofType,
  proofSize: warranties.proofSize,
  registeredAt: warranties.registeredAt,
};

/** The download path of a warranty's proof, relative to the API base; `product` picks it among same serials. */
export const proofPath = (row: Pick<WarrantySummary, 'serialNumber' | 'product'>) =>
  `warranties/${encodeURIComponent(row.serialNumber)}/proof-of-purchase?product=${encodeURIComponent(row.product)}`;

export function toWarranty(row: WarrantySummary): Warranty {
  return {
    Product: row.product,
    SerialNumber: row.serialNumber,
    Retailer: row.retailer,
    DateOfPurchase: row.dateOfPurchase,
    RegisteredAt: row.registeredAt.toISOString(),
    ProofOfPurchase: { Type: row.proofType, Size: row.proofSize, Url: proofPath(row) },
  };
}

export interface NewWarranty {
  userId: string;
  product: WarrantyProduct;
  serialNumber: string;
  retailer: string;
  dateOfPurchase: string;
  proofType: ProofType;
  proof: Buffer;
}

/**
 * Stores a registration: 404 when the account is gone; 409 warranty_limit_reached (Field Product) when it holds
 * WARRANTIES_PER_ACCOUNT_MAX already (docs/product/limits.md); 409 warranty_taken when the product and serial number
 * are registered already (by anyone).
 */
export async function insertWarranty(db: Db, values: NewWarranty, now: Date): Promise<WarrantySummary> {
  try {
    return await db.transaction(async (tx) => {
      // The account's row is locked so that concurrent registrations are counted one after the other and the cap holds.
      const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
      if (!account) throw notFound();
      const [held] = await tx.select({ count: count() }).from(warranties).where(eq(warranties.userId, values.userId));
      if (held.count >= WARRANTIES_PER_ACCOUNT_MAX)
        throw conflict('warranty_limit_reached', 'Product', { max: WARRANTIES_PER_ACCOUNT_MAX });
      const [row] = await tx
        .insert(warranties)
        .values({ ...values, id: randomUUID(), proofSize: values.proof.length, registeredAt: now })
        .returning(summaryColumns);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('warranty_taken', 'SerialNumber');
    throw error;
  }
}

/** The account's warranties, oldest registration first. */
export async function listWarranties(db: Db, userId: string): Promise<WarrantySummary[]> {
  return db
    .select(summaryColumns)
    .from(warranties)
    .where(eq(warranties.userId, userId))
    .orderBy(asc(warranties.registeredAt), asc(warranties.id));
}

/** The warranties of a serial number (one per product), optionally of one product. */
export async function findWarrantiesBySerial(db: Db, serialNumber: string, product?: WarrantyProduct): Promise<WarrantySummary[]> {
  const bySerial = eq(warranties.serialNumber, serialNumber);
  return db
    .select(summaryColumns)
    .from(warranties)
    .where(product ? and(bySerial, eq(warranties.product, product)) : bySerial)
    .orderBy(asc(warranties.registeredAt), asc(warranties.id));
}

/** The proof's bytes of one warranty. */
export async function readProof(db: Db, id: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ proof: warranties.proof }).from(warranties).where(eq(warranties.id, id)).limit(1);
  return row?.proof;
}
