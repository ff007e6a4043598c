-- Ingest writes what it must (docs/architecture/README.md#ingest): a reading rewrites its device's row, and PostgreSQL
-- can do that in place (a HOT update: no new index entries, the old version pruned within the page) only if no index
-- refers to a column the update changes and the page has room. `fields` changes with every reading, and the partial
-- index of alarms triggered (0014) read it in its condition; `offline_at` moves with every reading and had an index
-- (0003). So 99 % of those updates wrote a whole new row and an entry in each of the seven indexes.
--
-- On a live table: a migration is one transaction, so its locks last until its end. Writes to devices wait from the
-- first statement (the backfill of device_sweep must see every device and deadline); reads wait only from the
-- ADD COLUMN on, for the alarm flags of the few devices with an alarm, one index build over devices and two DROP
-- INDEX. Nothing rewrites the table. Measured at 100,000 devices on a loaded 2-core machine: 0.6-0.8 s in all (writes
-- wait), reads blocked for the last 50-110 ms. Nothing here can be built CONCURRENTLY inside the migration's transaction.
LOCK TABLE "devices" IN SHARE ROW EXCLUSIVE MODE;

-- Room on each page for new versions of its rows (a device row is ~1 KB; the bench measured 94 % HOT at 70 and half
-- that at 50). Applies to new and moved rows; the rows already stored settle as they move.
ALTER TABLE "devices" SET (fillfactor = 70);

-- The offline sweep (docs/protocol.md Offline) without an index that every reading moves: `sweep_at`, in a narrow
-- table of its own, is a lower bound of the device's `offline_at` (null: offline, or no deadline). Readings only move
-- a deadline later, so they leave it alone; the sweep claims the devices whose bound has passed (an index range, a
-- few rows a pass), marks those whose deadline has passed offline, and moves the others' bound up to their deadline
-- (about once per two or three reporting intervals a device, outside the devices table). A deadline moved earlier
-- (a shorter interval, a device back online, a hand-written UPDATE) lowers the bound through the trigger below.
CREATE TABLE "device_sweep" (
	"key" text PRIMARY KEY NOT NULL,
	"sweep_at" timestamp with time zone
) WITH (fillfactor = 70);
INSERT INTO "device_sweep" ("key", "sweep_at")
	SELECT "key", CASE WHEN "offline" THEN NULL ELSE "offline_at" END FROM "devices";
CREATE INDEX "device_sweep_at_idx" ON "device_sweep" USING btree ("sweep_at") WHERE "sweep_at" IS NOT NULL;
-- The rows above are the devices' own: not checked again one by one (new rows are).
ALTER TABLE "device_sweep" ADD CONSTRAINT "device_sweep_key_devices_key_fk"
	FOREIGN KEY ("key") REFERENCES "devices"("key") ON DELETE CASCADE NOT VALID;

CREATE FUNCTION "device_sweep_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "device_sweep" AS s ("key", "sweep_at")
		VALUES (NEW."key", CASE WHEN NEW."offline" THEN NULL ELSE NEW."offline_at" END)
		ON CONFLICT ("key") DO UPDATE
		SET "sweep_at" = CASE WHEN NEW."offline" OR NEW."offline_at" IS NULL THEN NULL ELSE least(s."sweep_at", NEW."offline_at") END;
	RETURN NULL;
END $$;
CREATE TRIGGER "devices_sweep_insert" AFTER INSERT ON "devices" FOR EACH ROW EXECUTE FUNCTION "device_sweep_keep"();
-- A reading's update (offline_at later, still online) does not fire it: the condition is checked without a call.
CREATE TRIGGER "devices_sweep_update" AFTER UPDATE OF "offline_at", "offline" ON "devices" FOR EACH ROW
	WHEN (NEW."offline" IS DISTINCT FROM OLD."offline" OR NEW."offline_at" < OLD."offline_at"
		OR (NEW."offline_at" IS NULL) <> (OLD."offline_at" IS NULL))
	EXECUTE FUNCTION "device_sweep_keep"();

-- Alarms: a column that changes only when the alarm state does, kept from `fields` by a trigger, so every writer
-- (gateway, offline sweep, API, tools) keeps it without remembering to and the rule is written once, here
-- (ALARMS_RULE in server/src/db/predicates.ts; devices/gateway/ingestHot.test.ts checks this text).
ALTER TABLE "devices" ADD COLUMN "alarms_triggered" boolean NOT NULL DEFAULT false;
CREATE FUNCTION "devices_alarms_triggered"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."alarms_triggered" := (NEW."fields" @? '$.*.Triggered ? (@ == true)' OR NEW."fields" @> '{"ConnectionLost": true}');
	RETURN NEW;
END $$;
CREATE TRIGGER "devices_alarms_triggered" BEFORE INSERT OR UPDATE OF "fields" ON "devices"
	FOR EACH ROW EXECUTE FUNCTION "devices_alarms_triggered"();
-- Through 0014's index: only the devices with an alarm.
UPDATE "devices" SET "alarms_triggered" = true
	WHERE (fields @? '$.*.Triggered ? (@ == true)' OR fields @> '{"ConnectionLost": true}');
-- Fleet statistics (admin/stats.ts) still read only the devices with an alarm triggered.
CREATE INDEX "devices_alarms_idx" ON "devices" USING btree ("product") WHERE "alarms_triggered";
DROP INDEX "devices_alarms_triggered_idx";
DROP INDEX "devices_offline_at_idx";

-- Chart rollups (0017, docs/architecture/README.md#charts): a reading updates two or three of these rows (one per
-- charted field). Room on the page for their new versions, so those updates are HOT too (the rows of an hour are
-- updated while it lasts, then never again: the cost is ~20 % more space for them). And the rows the statement
-- finds are updated first, then only the new ones inserted: INSERT … ON CONFLICT DO UPDATE locks each row it
-- updates with a WAL record of its own (~55 B a row, ~150 B a reading) before updating it. Same rollup, same
-- rows: the SELECT is 0017's. Concurrent statements on one device's rows cannot deadlock here, as the gateway
-- inserts a device's readings only while it holds the device's row (ingest.ts); a row another statement inserted
-- after this one began is not updated but conflicts, and ON CONFLICT adds to it as before.
ALTER TABLE "reading_hour_extremes" SET (fillfactor = 80);
CREATE OR REPLACE FUNCTION "reading_hour_extremes_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	WITH v AS (
		SELECT "key", "field", "hour", count(*) AS "count", min("value") AS "min", (array_agg("at" ORDER BY "value", "at"))[1] AS "min_at",
			max("value") AS "max", (array_agg("at" ORDER BY "value" DESC, "at"))[1] AS "max_at"
		FROM (SELECT r."key", f AS "field", date_bin('1 hour', r."at", 'epoch') AS "hour", r."at", (r."data" ->> f)::float8 AS "value"
			FROM new_rows r CROSS JOIN unnest(TG_ARGV) f WHERE jsonb_typeof(r."data" -> f) = 'number') x
		GROUP BY 1, 2, 3
	), updated AS (
		UPDATE "reading_hour_extremes" AS e SET
			"count" = e."count" + v."count",
			"min_at" = CASE WHEN (v."min", v."min_at") < (e."min", e."min_at") THEN v."min_at" ELSE e."min_at" END,
			"min" = least(e."min", v."min"),
			"max_at" = CASE WHEN v."max" > e."max" OR (v."max" = e."max" AND v."max_at" < e."max_at") THEN v."max_at" ELSE e."max_at" END,
			"max" = greatest(e."max", v."max")
		FROM v WHERE e."key" = v."key" AND e."field" = v."field" AND e."hour" = v."hour"
		RETURNING e."key", e."field", e."hour"
	)
	INSERT INTO "reading_hour_extremes" AS e ("key", "field", "hour", "count", "min", "min_at", "max", "max_at")
		SELECT v."key", v."field", v."hour", v."count", v."min", v."min_at", v."max", v."max_at" FROM v
		WHERE NOT EXISTS (SELECT 1 FROM updated u WHERE u."key" = v."key" AND u."field" = v."field" AND u."hour" = v."hour")
		-- In key order, so concurrent statements lock the rows they share in the same order and cannot deadlock.
		ORDER BY 1, 2, 3
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
