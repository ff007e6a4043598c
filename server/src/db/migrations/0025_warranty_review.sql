-- Warranty review (issue 26, docs/product/admin.md "Warranty claims"): a product and serial number may have several
-- claims, of which at most one is the registration; a claim of a serial another account holds waits for staff review.
ALTER TABLE "warranties" ADD COLUMN "status" text DEFAULT 'registered' NOT NULL;
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_status_check" CHECK ("status" IN ('registered', 'pending_review', 'rejected'));
-- When staff accepted or rejected the claim; null until then.
ALTER TABLE "warranties" ADD COLUMN "reviewed_at" timestamp with time zone;
DROP INDEX "warranties_serial_product_idx";
-- At most one registration per product and serial number.
CREATE UNIQUE INDEX "warranties_registered_serial_product_idx" ON "warranties" USING btree ("serial_number","product") WHERE "status" = 'registered';
-- One open claim per account, product and serial; serial first: the proof download looks claims up by serial alone.
CREATE UNIQUE INDEX "warranties_open_claim_idx" ON "warranties" USING btree ("serial_number","product","user_id") WHERE "status" <> 'rejected';
-- The staff's list of claims in review.
CREATE INDEX "warranties_pending_review_idx" ON "warranties" USING btree ("serial_number","product") WHERE "status" = 'pending_review';
