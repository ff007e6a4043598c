// Warranties: storage and the wire representation (docs/product/api.md "Warranties"), and the staff's review of a
// product and serial several accounts claim (docs/product/admin.md "Warranty claims").
import { randomUUID } from 'node:crypto';
import type { Warranty, WarrantyClaim, WarrantyDispute } from '@paddock/shared/contract';
import { WARRANTIES_PER_ACCOUNT_MAX, type ProofType, type WarrantyProduct, type WarrantyStatus } from '@paddock/shared/domain';
import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
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
  status: warranties.status,
  reviewedAt: warranties.reviewedAt,
};

/**
 * The download path of a warranty's proof, relative to the API base; `product` picks it among same serials and
 * `claim` among the claims of one product and serial (staff see several).
 */
export const proofPath = (row: Pick<WarrantySummary, 'id' | 'serialNumber' | 'product'>) =>
  `warranties/${encodeURIComponent(row.serialNumber)}/proof-of-purchase?product=${encodeURIComponent(row.product)}&claim=${encodeURIComponent(row.id)}`;

export function toWarranty(row: WarrantySummary): Warranty {
  return {
    Id: row.id,
    Status: row.status,
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

/** Claims that are not rejected: the registration and those in review. */
const open = ne(warranties.status, 'rejected');
const sameSerial = (serialNumber: string, product: WarrantyProduct) =>
  and(eq(warranties.serialNumber, serialNumber), eq(warranties.product, product));

/**
 * Stores a claim: 404 when the account is gone; 409 warranty_limit_reached (Field Product) when it holds
 * WARRANTIES_PER_ACCOUNT_MAX already (docs/product/limits.md); 409 warranty_taken when this account has an open claim
 * of the product and serial (it is its own). Registered at once when nobody else claims it; else `pending_review`,
 * answered exactly like a registration otherwise, so the reply does not tell whether or by whom the serial is held
 * (issue 26 "Warranty serial squatting", docs/product/states.md "Warranty review").
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
      const claims = await tx
        .select({ userId: warranties.userId })
        .from(warranties)
        .where(and(sameSerial(values.serialNumber, values.product), open));
      if (claims.some((claim) => claim.userId === values.userId)) throw conflict('warranty_taken', 'SerialNumber');
      const row = { ...values, id: randomUUID(), proofSize: values.proof.length, registeredAt: now };
      if (claims.length === 0) {
        // Two first claims at once: the unique index on registrations lets one in; the other goes to review below.
        const [registered] = await tx
          .insert(warranties)
          .values({ ...row, status: 'registered' })
          .onConflictDoNothing()
          .returning(summaryColumns);
        if (registered) return registered;
      }
      const [pending] = await tx
        .insert(warranties)
        .values({ ...row, status: 'pending_review' })
        .returning(summaryColumns);
      return pending;
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

/** The warranties of a serial number (any account's, any state), optionally of one product and one claim. */
export async function findWarrantiesBySerial(
  db: Db,
  serialNumber: string,
  filter: { product?: WarrantyProduct; claim?: string } = {},
): Promise<WarrantySummary[]> {
  return db
    .select(summaryColumns)
    .from(warranties)
    .where(
      and(
        eq(warranties.serialNumber, serialNumber),
        filter.product ? eq(warranties.product, filter.product) : undefined,
        filter.claim ? eq(warranties.id, filter.claim) : undefined,
      ),
    )
    .orderBy(asc(warranties.registeredAt), asc(warranties.id));
}

/** The proof's bytes of one warranty. */
export async function readProof(db: Db, id: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ proof: warranties.proof }).from(warranties).where(eq(warranties.id, id)).limit(1);
  return row?.proof;
}

// ---- Staff review ----------------------------------------------------------------------------------------------

/** The most disputes the staff's list shows at once, oldest claim in review first; deciding some shows the next. */
export const DISPUTES_LIST_MAX = 100;

export type ClaimRow = WarrantySummary & { email: string; locale: string };
const claimColumns = { ...summaryColumns, email: users.email, locale: users.locale };

export function toClaim(row: ClaimRow): WarrantyClaim {
  return {
    Id: row.id,
    Status: row.status,
    UserId: row.userId,
    Email: row.email,
    Retailer: row.retailer,
    DateOfPurchase: row.dateOfPurchase,
    RegisteredAt: row.registeredAt.toISOString(),
    ProofOfPurchase: { Type: row.proofType, Size: row.proofSize, Url: proofPath(row) },
  };
}

/** Registration first, then the claims in review, oldest first. */
const byStanding = (a: ClaimRow, b: ClaimRow) =>
  Number(b.status === 'registered') - Number(a.status === 'registered') ||
  a.registeredAt.getTime() - b.registeredAt.getTime() ||
  a.id.localeCompare(b.id);

/** Every product and serial with a claim in review, with all its open claims and their claimants. */
export async function listDisputes(db: Db): Promise<WarrantyDispute[]> {
  const disputed = await db
    .select({ serialNumber: warranties.serialNumber, product: warranties.product, since: sql<Date>`min(${warranties.registeredAt})` })
    .from(warranties)
    .where(eq(warranties.status, 'pending_review'))
    .groupBy(warranties.serialNumber, warranties.product)
    .orderBy(sql`min(${warranties.registeredAt})`, warranties.serialNumber, warranties.product)
    .limit(DISPUTES_LIST_MAX);
  if (disputed.length === 0) return [];
  const rows: ClaimRow[] = await db
    .select(claimColumns)
    .from(warranties)
    .innerJoin(users, eq(users.id, warranties.userId))
    .where(
      and(
        open,
        inArray(
          warranties.serialNumber,
          disputed.map((d) => d.serialNumber),
        ),
        or(...disputed.map((d) => sameSerial(d.serialNumber, d.product))),
      ),
    );
  return disputed.map((d) => ({
    Product: d.product,
    SerialNumber: d.serialNumber,
    Claims: rows
      .filter((row) => row.serialNumber === d.serialNumber && row.product === d.product)
      .sort(byStanding)
      .map(toClaim),
  }));
}

/** A claim staff decided, with what its claimant is told. */
export interface DecidedClaim {
  claim: ClaimRow;
  outcome: 'accepted' | 'rejected';
}

/**
 * Staff's decision on an open claim of a disputed product and serial. Accept: it becomes the registration and every
 * other open claim of it is rejected. Reject (a claim in review only): it is rejected, the registration stays.
 * 404 for an unknown claim; 409 warranty_claim_decided when there is nothing to decide (already decided, or accepting
 * the registration of a serial nobody else claims). Returns the claims whose state changed or was confirmed.
 */
export async function decideClaim(db: Db, id: string, decision: 'accept' | 'reject', now: Date): Promise<DecidedClaim[]> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select(summaryColumns).from(warranties).where(eq(warranties.id, id)).for('update');
    if (!target) throw notFound();
    // Every open claim of the serial, locked: two staff deciding the same dispute at once decide one after the other.
    const claims: ClaimRow[] = await tx
      .select(claimColumns)
      .from(warranties)
      .innerJoin(users, eq(users.id, warranties.userId))
      .where(and(sameSerial(target.serialNumber, target.product), open))
      .for('update', { of: warranties });
    const claim = claims.find((c) => c.id === id);
    const inReview = claims.some((c) => c.status === 'pending_review');
    if (!claim || !inReview || (decision === 'reject' && claim.status !== 'pending_review')) throw conflict('warranty_claim_decided');
    const setStatus = (ids: string[], status: WarrantyStatus) =>
      tx.update(warranties).set({ status, reviewedAt: now }).where(inArray(warranties.id, ids));
    if (decision === 'reject') {
      await setStatus([claim.id], 'rejected');
      return [{ claim: { ...claim, status: 'rejected', reviewedAt: now }, outcome: 'rejected' }];
    }
    const others = claims.filter((c) => c.id !== claim.id);
    // The registration is rejected before the accepted claim takes its place: at most one is ever registered.
    if (others.length > 0)
      await setStatus(
        others.map((c) => c.id),
        'rejected',
      );
    await setStatus([claim.id], 'registered');
    return [
      { claim: { ...claim, status: 'registered', reviewedAt: now }, outcome: 'accepted' },
      ...others.map((c) => ({ claim: { ...c, status: 'rejected' as const, reviewedAt: now }, outcome: 'rejected' as const })),
    ];
  });
}
