-- Rollups from completed hours (docs/architecture/README.md#rollups): the chart and trend rollups (0017, 0028) were
-- kept per INSERT by two statement triggers, about 325 B of WAL per reading (an update of three to five rollup rows
-- for every reading, README "Budgets"). Now a statement only marks which (device, UTC hour) got readings, and the
-- rollup job (history/rollups.ts) builds an hour's rows once, from its readings, when the hour is over. A mark is
-- written the first time a device-hour gets a reading (INSERT … ON CONFLICT DO NOTHING writes nothing when it is
-- there): about a sixtieth of a row per reading at one reading a minute. A late reading of a rolled-up hour marks it
-- again, and the job builds it again. Readers take the raw readings of marked hours (history/chart.ts, trends.ts).
--
-- Works on device_readings as 0017 left it and as 0030 partitioned it: statement triggers with transition tables
-- are fired by a partitioned parent for all its partitions. Nothing is backfilled: the old triggers kept every hour
-- up to this migration exactly (inserts wait for it: DROP/CREATE TRIGGER lock the table until the commit), and
-- the current hour is marked again by its next reading, so the job rebuilds it from its readings.
DROP TRIGGER IF EXISTS "reading_hour_extremes_keep" ON "device_readings";
DROP TRIGGER IF EXISTS "reading_trend_buckets_keep" ON "device_readings";
DROP FUNCTION IF EXISTS "reading_hour_extremes_keep"();
DROP FUNCTION IF EXISTS "reading_trend_buckets_keep"();

-- One row per device and UTC hour with readings not rolled up yet; the retention keeps a partition whose hours
-- are still here (readings/partitions.ts).
CREATE TABLE "reading_rollup_pending" (
	"key" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "reading_rollup_pending_pkey" PRIMARY KEY("key","hour")
);
-- The job claims the hours that are over.
CREATE INDEX "reading_rollup_pending_hour_idx" ON "reading_rollup_pending" USING btree ("hour");

-- A writer and the job must not miss each other: a statement that stored a reading into an hour the job is
-- rebuilding may find the hour's mark there (so it writes none), and the job may not see that reading yet (its
-- transaction has not committed). So a writer holds a shared transaction lock on its devices' shards (256, by the
-- key's hash) from its marks to its commit, and the job takes them exclusively before it reads the readings: it
-- waits for the writers already past their marks (then sees their readings), and a writer that comes later waits
-- for the job's commit, by which the mark is gone, so it marks the hour again. Transaction advisory locks write no
-- WAL and hold no session state (PgBouncer in transaction mode). Taken in shard order on both sides: no deadlock
-- between one INSERT and the job.
CREATE FUNCTION "reading_rollup_lock"(keys text[], exclusive boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF exclusive THEN
		PERFORM pg_advisory_xact_lock(27031, s) FROM (SELECT DISTINCT hashtext(k) & 255 AS s FROM unnest(keys) k ORDER BY 1) x;
	ELSE
		PERFORM pg_advisory_xact_lock_shared(27031, s) FROM (SELECT DISTINCT hashtext(k) & 255 AS s FROM unnest(keys) k ORDER BY 1) x;
	END IF;
END $$;

CREATE FUNCTION "reading_rollup_mark"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "reading_rollup_lock"(ARRAY(SELECT DISTINCT "key" FROM new_rows), false);
	INSERT INTO "reading_rollup_pending" ("key", "hour")
		SELECT DISTINCT "key", date_bin('1 hour', "at", 'epoch') FROM new_rows ORDER BY 1, 2
		ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;
CREATE TRIGGER "reading_rollup_mark" AFTER INSERT ON "device_readings"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reading_rollup_mark"();

-- Rows built once, never updated now (a rebuilt hour's rows are deleted and inserted): full pages.
ALTER TABLE "reading_hour_extremes" RESET (fillfactor);
ALTER TABLE "reading_trend_buckets" RESET (fillfactor);
