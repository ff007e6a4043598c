-- A trial is had once per device key (docs/product/states.md#trial, issue 26): the key, not the registration, holds
-- its subscription and a FarmCam SIM's data account. While the device is registered they live in its devices row;
-- when it is unregistered the key's inventory row keeps them, and the next registration of that key, by anyone,
-- starts from them (devices/registrationStart.ts) instead of from a fresh trial.
ALTER TABLE "inventory" ADD COLUMN "trial_started_at" timestamp with time zone;
ALTER TABLE "inventory" ADD COLUMN "kept_subscription" jsonb;
ALTER TABLE "inventory" ADD COLUMN "kept_data_account" jsonb;

-- Kept by triggers, so every way a device row comes and goes keeps them: the register and unregister calls, an
-- account deleted with its devices, an admin's or operator's SQL. Per statement, so a bulk insert (benches, fleet
-- seeds) or an account with many devices costs one UPDATE.
CREATE FUNCTION "device_keys_registered"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "inventory" i SET "trial_started_at" = coalesce(i."trial_started_at", n."registered_at"),
		"kept_subscription" = NULL, "kept_data_account" = NULL
	FROM new_rows n WHERE i."key" = n."key";
	RETURN NULL;
END $$;
CREATE TRIGGER "device_keys_registered" AFTER INSERT ON "devices"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "device_keys_registered"();

-- The data account is the SIM's counters only (docs/product/products/farmcam-sim.md Data account); the owner's
-- settings and the last readings stay behind, as before.
CREATE FUNCTION "device_keys_unregistered"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "inventory" i SET "trial_started_at" = coalesce(i."trial_started_at", o."registered_at"),
		"kept_subscription" = o."subscription",
		"kept_data_account" = nullif(jsonb_strip_nulls(jsonb_build_object('UsedData', o."fields"->'UsedData',
			'DataLimit', o."fields"->'DataLimit', 'RemainingData', o."fields"->'RemainingData')), '{}'::jsonb)
	FROM old_rows o WHERE i."key" = o."key";
	RETURN NULL;
END $$;
CREATE TRIGGER "device_keys_unregistered" AFTER DELETE ON "devices"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "device_keys_unregistered"();

-- Devices registered before this migration had their trial.
UPDATE "inventory" i SET "trial_started_at" = d."registered_at" FROM "devices" d WHERE d."key" = i."key";
