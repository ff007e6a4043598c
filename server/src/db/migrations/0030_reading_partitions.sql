-- Raw readings in time partitions (docs/architecture/readings.md, decisions/0023-reading-partitions.md): device_readings
-- becomes a table partitioned by RANGE on "at", one partition a UTC day, created ahead and dropped past
-- READINGS_RETENTION_DAYS by the server (readings/partitions.ts).
--
-- No row is copied and nothing is scanned here, so ingest waits only for these catalog changes (a few ms whatever
-- the table's size): the table as it is becomes the new parent's DEFAULT partition. With no other partition yet, a
-- default partition has no constraint to prove, so ATTACH reads none of its rows. The server then turns it into
-- the partition of everything up to a bound just after its newest reading, outside this transaction: a CHECK added
-- NOT VALID (a catalog change), VALIDATE (a scan that lets inserts through), then DETACH and ATTACH with that
-- bound, which the valid CHECK proves without a scan (readings/partitions.ts adoptLegacyPartition).
ALTER TABLE "device_readings" RENAME TO "device_readings_legacy";
ALTER TABLE "device_readings_legacy" RENAME CONSTRAINT "device_readings_pkey" TO "device_readings_legacy_pkey";
-- A table with transition-table triggers cannot become a partition; the parent fires them for every partition.
DROP TRIGGER "reading_hours_count" ON "device_readings_legacy";
DROP TRIGGER "reading_hour_extremes_keep" ON "device_readings_legacy";
DROP TRIGGER "reading_trend_buckets_keep" ON "device_readings_legacy";

CREATE TABLE "device_readings" (
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "device_readings_pkey" PRIMARY KEY("key","at")
) PARTITION BY RANGE ("at");
-- Its primary key index becomes a partition of the parent's (same columns), not built again.
ALTER TABLE "device_readings" ATTACH PARTITION "device_readings_legacy" DEFAULT;

-- The same statement triggers, with the same names and arguments (0014, 0017, 0028), now on the parent.
CREATE TRIGGER "reading_hours_count" AFTER INSERT ON "device_readings"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reading_hours_count"();
CREATE TRIGGER "reading_hour_extremes_keep" AFTER INSERT ON "device_readings"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
	EXECUTE FUNCTION "reading_hour_extremes_keep"('RemainingData', 'Voltage', 'Consumption', 'Load', 'Temperature');
CREATE TRIGGER "reading_trend_buckets_keep" AFTER INSERT ON "device_readings"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
	EXECUTE FUNCTION "reading_trend_buckets_keep"('RemainingData', 'Voltage', 'Load');
