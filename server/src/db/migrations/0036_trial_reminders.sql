-- Issue 30, docs/product/billing.md "Trial reminders": each reminder of a trial's end (7 days and 1 day before, and
-- at the end) is sent once per device and trial. The job that sends one inserts its row here in the transaction that
-- enqueues the mail (the jobs outbox), so a second instance, a rerun or a restart finds the row and sends nothing.
-- A trial is named by its end (expires_at, as the subscription holds it): staff adding days make a new end, and so
-- new reminders. Rows go with their device.
CREATE TABLE "trial_reminders" (
  "device_key" text NOT NULL,
  "expires_at" text NOT NULL,
  "stage" text NOT NULL,
  "sent_at" timestamp with time zone NOT NULL,
  CONSTRAINT "trial_reminders_pkey" PRIMARY KEY ("device_key", "expires_at", "stage"),
  CONSTRAINT "trial_reminders_device_key_devices_key_fk" FOREIGN KEY ("device_key") REFERENCES "devices"("key") ON DELETE CASCADE
);

-- docs/product/billing.md "A declined renewal": the owner's device list shows the payment failure (renewal_attempts),
-- so a declined try moves the list's version as the subscription does (0019's function, with renewal_attempts).
CREATE OR REPLACE FUNCTION "device_lists_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND (OLD."key", OLD."product", OLD."owner_id", OLD."name", OLD."tags", OLD."access", OLD."notify",
			OLD."fields", OLD."subscription", OLD."offline", OLD."renewal_attempts") IS NOT DISTINCT FROM (NEW."key", NEW."product",
			NEW."owner_id", NEW."name", NEW."tags", NEW."access", NEW."notify", NEW."fields", NEW."subscription", NEW."offline",
			NEW."renewal_attempts")
			AND NOT (OLD."last_seen_at" IS NULL AND NEW."last_seen_at" IS NOT NULL) THEN
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' THEN PERFORM "bump_device_lists"(OLD."owner_id", OLD."access"); END IF;
	IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR (OLD."owner_id", OLD."access") IS DISTINCT FROM (NEW."owner_id", NEW."access")) THEN
		PERFORM "bump_device_lists"(NEW."owner_id", NEW."access");
	END IF;
	RETURN NULL;
END $$;
