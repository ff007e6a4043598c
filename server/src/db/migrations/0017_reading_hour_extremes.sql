-- Chart rollups (docs/architecture/README.md#charts): for each device, history field and UTC hour, how many readings
-- have the field and the lowest and the highest with their times (the earliest of equal ones, as the chart's buckets
-- keep them). A chart over months reads these ~24 rows a day instead of 1,440 readings a day.
-- Kept by a trigger, like reading_hours (0014), so every writer (the gateway's batches, tools, hand-written SQL) keeps
-- them without having to remember to: one INSERT … ON CONFLICT per statement, from the rows that statement inserted.
-- A reading delivered again is not among them (device_readings' key is (key, at); ON CONFLICT DO NOTHING skips it),
-- and least/greatest would not move for it anyway. Only the charted fields (HISTORY_FIELDS in
-- shared/src/domain/logs.ts, the trigger's arguments; history/chart.test.ts checks they match): every numeric field
-- through jsonb_each cost three times as much per reading, and ingest has little headroom (README "Budgets").
-- Readings are never updated or deleted; if they ever are, these rows must be rebuilt from them.
CREATE TABLE "reading_hour_extremes" (
	"key" text NOT NULL,
	"field" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" bigint NOT NULL,
	"min" double precision NOT NULL,
	"min_at" timestamp with time zone NOT NULL,
	"max" double precision NOT NULL,
	"max_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reading_hour_extremes_pkey" PRIMARY KEY("key","field","hour")
);

-- The trigger and the backfill below roll up with the same SELECT, written twice (a transition table cannot be
-- handed to a function or a view): keep the two, and their lists of fields, the same.
CREATE FUNCTION "reading_hour_extremes_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "reading_hour_extremes" AS e ("key", "field", "hour", "count", "min", "min_at", "max", "max_at")
		SELECT "key", "field", "hour", count(*), min("value"), (array_agg("at" ORDER BY "value", "at"))[1],
			max("value"), (array_agg("at" ORDER BY "value" DESC, "at"))[1]
		FROM (SELECT r."key", f AS "field", date_bin('1 hour', r."at", 'epoch') AS "hour", r."at", (r."data" ->> f)::float8 AS "value"
			FROM new_rows r CROSS JOIN unnest(TG_ARGV) f WHERE jsonb_typeof(r."data" -> f) = 'number') v
		-- In key order, so concurrent statements lock the rows they share in the same order and cannot deadlock.
		GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT ("key", "field", "hour") DO UPDATE SET
			"count" = e."count" + excluded."count",
			"min_at" = CASE WHEN (excluded."min", excluded."min_at") < (e."min", e."min_at") THEN excluded."min_at" ELSE e."min_at" END,
			"min" = least(e."min", excluded."min"),
			"max_at" = CASE WHEN excluded."max" > e."max" OR (excluded."max" = e."max" AND excluded."max_at" < e."max_at")
				THEN excluded."max_at" ELSE e."max_at" END,
			"max" = greatest(e."max", excluded."max");
	RETURN NULL;
END;
$$;
CREATE TRIGGER "reading_hour_extremes_keep" AFTER INSERT ON "device_readings"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
	EXECUTE FUNCTION "reading_hour_extremes_keep"('RemainingData', 'Voltage', 'Consumption', 'Load', 'Temperature');

-- The readings stored so far (a year already stored charts right after the upgrade). After the trigger, in the same
-- transaction: CREATE TRIGGER locks out inserts until the commit, and those that come later go through the trigger.
INSERT INTO "reading_hour_extremes" ("key", "field", "hour", "count", "min", "min_at", "max", "max_at")
	SELECT "key", "field", "hour", count(*), min("value"), (array_agg("at" ORDER BY "value", "at"))[1],
		max("value"), (array_agg("at" ORDER BY "value" DESC, "at"))[1]
	FROM (SELECT r."key", f AS "field", date_bin('1 hour', r."at", 'epoch') AS "hour", r."at", (r."data" ->> f)::float8 AS "value"
		FROM "device_readings" r CROSS JOIN unnest('{RemainingData,Voltage,Consumption,Load,Temperature}'::text[]) f
		WHERE jsonb_typeof(r."data" -> f) = 'number') v
	GROUP BY 1, 2, 3;
