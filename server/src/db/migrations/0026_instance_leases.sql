-- Leases on singleton work (issue 27, server/src/jobs/lease.ts): the simulator and the embedded broker are held by one
-- server instance at a time. A row names its holder until expires_at (the database's clock); the holder renews it,
-- another instance takes it once it has expired. Plain rows, no advisory locks: it works behind PgBouncer in
-- transaction mode.
CREATE TABLE "instance_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL
);
