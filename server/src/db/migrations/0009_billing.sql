-- Billing (issue: prices and purchases): every payment carries an idempotency key, so a retried purchase or a renewal
-- that runs twice finds the first payment instead of charging again; and the catalogue key of what it bought.
ALTER TABLE "payments" ADD COLUMN "idempotency_key" text;
ALTER TABLE "payments" ADD COLUMN "price_key" text;
UPDATE "payments" SET "idempotency_key" = 'legacy:' || "id", "price_key" = 'Sms' WHERE "idempotency_key" IS NULL;
ALTER TABLE "payments" ALTER COLUMN "idempotency_key" SET NOT NULL;
CREATE UNIQUE INDEX "payments_idempotency_key_idx" ON "payments" USING btree ("idempotency_key");
