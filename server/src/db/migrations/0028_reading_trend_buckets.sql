-- Trend rollups (docs/architecture/README.md#trends): for each device, trend field (TREND_FIELDS in
-- shared/src/domain/trends.ts, the trigger's arguments; history/trends.test.ts checks they match) and 10-minute bucket
-- (TREND_BUCKET_MS), how many readings have the field and their sum. The dashboard's trend call (history/trends.ts)
-- reads ~37 of these rows per device, plus the readings of its two partial edge buckets by index range, instead of
-- every reading of the user's devices over 6 hours: its cost follows the user's devices, not the readings table.
-- Kept like reading_hour_extremes (0017): one INSERT … ON CONFLICT per statement, from the rows that statement
-- inserted; a reading delivered again is not among them (ON CONFLICT DO NOTHING on device_readings' key).
-- A narrow row (~60 B) updated in place about ten times while its bucket fills: fillfactor leaves room on the page
-- so those updates are HOT (no new index entry); about 125 B of WAL per reading in all (README "Budgets").
-- Readings are never updated or deleted; if they ever are, these rows must be rebuilt from them.
CREATE TABLE "reading_trend_buckets" (
	"key" text NOT NULL,
	"field" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	-- numeric: a sum of float8 overflows (an error that would fail the readings' insert) where an exact one cannot.
	"sum" numeric NOT NULL,
	CONSTRAINT "reading_trend_buckets_pkey" PRIMARY KEY("key","field","bucket")
) WITH (fillfactor = 70);

-- The trigger and the backfill below roll up with the same SELECT, written twice (a transition table cannot be
-- handed to a function or a view): keep the two, and their lists of fields, the same.
-- UPDATE first, then INSERT … ON CONFLICT for the buckets that had no row: ON CONFLICT DO UPDATE writes a row-lock
-- record before each update, and the lock kept the next versions off the page (not HOT): 271 B of WAL per reading
-- against ~125 B this way (PostgreSQL 15, batches of 334 readings of 334 devices, full-page images aside).
CREATE FUNCTION "reading_trend_buckets_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	WITH g AS MATERIALIZED (
		SELECT r."key", f AS "field", date_bin('10 minutes', r."at", 'epoch') AS "bucket", count(*)::integer AS "count",
			sum((r."data" ->> f)::numeric) AS "sum"
		FROM new_rows r CROSS JOIN unnest(TG_ARGV) f WHERE jsonb_typeof(r."data" -> f) = 'number'
		-- In key order, so concurrent statements lock the rows they share in the same order and cannot deadlock (the
		-- update walks g in its order, one index probe each; and the gateway inserts a device's readings only while it
		-- holds the device's row, ingest.ts, as 0027 notes for the chart rollups).
		GROUP BY 1, 2, 3 ORDER BY 1, 2, 3),
	u AS (
		UPDATE "reading_trend_buckets" b SET "count" = b."count" + g."count", "sum" = b."sum" + g."sum" FROM g
		WHERE b."key" = g."key" AND b."field" = g."field" AND b."bucket" = g."bucket"
		RETURNING b."key", b."field", b."bucket")
	-- A bucket another statement created meanwhile is a conflict: added to, as the update would have.
	INSERT INTO "reading_trend_buckets" AS b ("key", "field", "bucket", "count", "sum")
		SELECT * FROM g WHERE NOT EXISTS (SELECT FROM u WHERE u."key" = g."key" AND u."field" = g."field" AND u."bucket" = g."bucket")
		ORDER BY 1, 2, 3
		ON CONFLICT ("key", "field", "bucket") DO UPDATE SET "count" = b."count" + excluded."count", "sum" = b."sum" + excluded."sum";
	RETURN NULL;
END;
$$;
CREATE TRIGGER "reading_trend_buckets_keep" AFTER INSERT ON "device_readings"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
	EXECUTE FUNCTION "reading_trend_buckets_keep"('RemainingData', 'Voltage', 'Load');

-- The backfill is bounded, so the upgrade never holds ingest off (CREATE TRIGGER locks out inserts until the commit)
-- for a scan of the readings' whole history: the rollups count from the bucket after the upgrade on (this function,
-- a constant the planner sees), and the trend call reads the readings of the buckets before it by index range (as
-- it reads its partial edge buckets) — for the first 6 hours after the upgrade, then never again. On a database
-- without readings (a new install) the rollups count from the start.
-- The readings already stored in or after that bucket (devices whose clocks run ahead) are rolled up here, one
-- index probe per key of the inventory; those stored later go through the trigger.
DO $$
DECLARE
	since timestamptz := CASE WHEN EXISTS (SELECT 1 FROM "device_readings")
		THEN date_bin('10 minutes', now(), 'epoch') + interval '10 minutes' ELSE '-infinity' END;
BEGIN
	EXECUTE format('CREATE FUNCTION "reading_trend_buckets_since"() RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS %L',
		format('SELECT %L::timestamptz', since));
	INSERT INTO "reading_trend_buckets" ("key", "field", "bucket", "count", "sum")
		SELECT r."key", f, date_bin('10 minutes', r."at", 'epoch'), count(*), sum((r."data" ->> f)::numeric)
		FROM "inventory" i JOIN "device_readings" r ON r."key" = i."key" AND r."at" >= since
			CROSS JOIN unnest('{RemainingData,Voltage,Load}'::text[]) f
		WHERE jsonb_typeof(r."data" -> f) = 'number'
		GROUP BY 1, 2, 3;
END $$;
