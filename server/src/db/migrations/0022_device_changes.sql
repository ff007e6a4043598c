-- The owner's change log (issue 26, docs/product/roles.md "Change log"): what people a device is shared with changed
-- (who, when, which fields, a rename's old and new name). Kept per device and owner: it goes with the device
-- (unregistering clears it) and a new owner does not read the last owner's. The newest 100 per device, 90 days at most.
CREATE TABLE "device_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"device_key" text NOT NULL,
	"owner_id" text NOT NULL,
	"by_email" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"fields" jsonb NOT NULL,
	"details" jsonb NOT NULL
);
ALTER TABLE "device_changes" ADD CONSTRAINT "device_changes_device_key_devices_key_fk" FOREIGN KEY ("device_key") REFERENCES "public"."devices"("key") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "device_changes" ADD CONSTRAINT "device_changes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
CREATE INDEX "device_changes_device_key_changed_at_idx" ON "device_changes" USING btree ("device_key","changed_at");
CREATE INDEX "device_changes_owner_id_idx" ON "device_changes" USING btree ("owner_id");
