-- Ingest writes what it must (docs/architecture/README.md#ingest): a reading's live values (a fence's voltage, a
-- plug's load and the time they were measured) are in the reading it stores anyway. Written into `fields` as well,
-- they made every reading rewrite the device's ~1 KB row: ~540 B of WAL a reading, over half the budget. Now a reading
-- that changes nothing but live values moves `reading_at` (the time of the device's newest reading, at the end of the
-- row, so the update's WAL is the few bytes from updated_at on) and the representation takes those values from the
-- reading (devices/liveValues.ts). `fields` are written when something else changes (an alarm, a setting, a status);
-- any writer that reads the row with its live values writes them along. Null: `fields` hold the newest values.
--
-- On a live table: a nullable column without a default changes only the catalog (an instant's exclusive lock).
ALTER TABLE "devices" ADD COLUMN "reading_at" timestamp with time zone;

-- The list shows the live values, so a reading that moves reading_at moves the user's list version as a change of
-- `fields` did (0036's function, with reading_at).
CREATE OR REPLACE FUNCTION "device_lists_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND (OLD."key", OLD."product", OLD."owner_id", OLD."name", OLD."tags", OLD."access", OLD."notify",
			OLD."fields", OLD."subscription", OLD."offline", OLD."renewal_attempts", OLD."reading_at") IS NOT DISTINCT FROM
			(NEW."key", NEW."product", NEW."owner_id", NEW."name", NEW."tags", NEW."access", NEW."notify", NEW."fields",
			NEW."subscription", NEW."offline", NEW."renewal_attempts", NEW."reading_at")
			AND NOT (OLD."last_seen_at" IS NULL AND NEW."last_seen_at" IS NOT NULL) THEN
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' THEN PERFORM "bump_device_lists"(OLD."owner_id", OLD."access"); END IF;
	IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR (OLD."owner_id", OLD."access") IS DISTINCT FROM (NEW."owner_id", NEW."access")) THEN
		PERFORM "bump_device_lists"(NEW."owner_id", NEW."access");
	END IF;
	RETURN NULL;
END $$;

