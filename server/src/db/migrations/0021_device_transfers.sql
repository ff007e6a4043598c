-- Transfer offers (issue 26, docs/product/devices.md "Transfers"): a device changes hands only when the recipient
-- accepts. One open offer per device (a new one replaces it); it goes with the device (unregistering voids it) and
-- with the account that made it. The recipient is an address, not an account: the offer reveals nothing about it.
CREATE TABLE "device_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"device_key" text NOT NULL,
	"from_user_id" text NOT NULL,
	"to_email" text NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
ALTER TABLE "device_transfers" ADD CONSTRAINT "device_transfers_device_key_devices_key_fk" FOREIGN KEY ("device_key") REFERENCES "public"."devices"("key") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "device_transfers" ADD CONSTRAINT "device_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
CREATE UNIQUE INDEX "device_transfers_device_key_idx" ON "device_transfers" USING btree ("device_key");
CREATE INDEX "device_transfers_to_email_idx" ON "device_transfers" USING btree ("to_email");
CREATE INDEX "device_transfers_from_user_id_idx" ON "device_transfers" USING btree ("from_user_id");
