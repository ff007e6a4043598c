-- Compaction of completed days (docs/architecture/readings.md "Store", readings/compaction.ts): while a day's
-- partition of device_readings is rewritten in (key, at) order into a new table, a row trigger on the partition copies
-- every reading inserted meanwhile (a late one) into a side table named by its argument, so the swap takes them over
-- from there instead of scanning the partition again under its lock. The trigger and the side table exist only during
-- a compaction; this function is all that stays.
CREATE FUNCTION "device_readings_compaction_late"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format('INSERT INTO %I ("key", "at", "data") VALUES ($1, $2, $3)', TG_ARGV[0]) USING NEW."key", NEW."at", NEW."data";
	RETURN NULL;
END $$;
