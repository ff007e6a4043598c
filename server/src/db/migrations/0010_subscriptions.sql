-- Subscriptions that renew and lapse (docs/product/states.md Plans and renewal, docs/architecture/decisions/0019-renewals.md):
-- the renewal job's retry state per device, and an index over the expiries of the subscriptions it may have to renew
-- or end (a plan, a next plan or a trial). ExpiresAt is an ISO 8601 UTC string, which sorts as it compares.
ALTER TABLE "devices" ADD COLUMN "renewal_attempts" integer DEFAULT 0 NOT NULL;
ALTER TABLE "devices" ADD COLUMN "renewal_retry_at" timestamp with time zone;
CREATE INDEX "devices_subscription_expires_idx" ON "devices" USING btree (("subscription"->>'ExpiresAt'))
  WHERE "subscription"->'PriceIds'->>'Current' <> '' OR "subscription"->'PriceIds'->>'Next' <> '' OR "subscription"->>'Trialing' = 'true';
