-- Issue 27, no lock held across the network (docs/architecture/decisions/0019-renewals.md): a renewal, or a plan start
-- on a lapsed subscription, claims the device's current period until this time in a short transaction, charges the
-- payment provider holding no row lock, then records. Null: no charge under way. A nullable column without a default
-- is added without rewriting the table (a brief ACCESS EXCLUSIVE lock only) and touches no index, so the gateway's
-- device-row updates stay as they are.
ALTER TABLE "devices" ADD COLUMN "charging_until" timestamp with time zone;
