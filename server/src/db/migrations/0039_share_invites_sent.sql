-- docs/product/states.md "Sharing": the mail to a person a device is shared with goes at most once a day per device
-- and address, and an owner sends at most a day's allowance of them, so adding and removing an address again and
-- again cannot make Paddock mail a stranger over and over. A row is written in the transaction that queues the mail.
-- Rows go with their device; rows older than a day are deleted when the same owner shares again.
CREATE TABLE "share_invites_sent" (
  "device_key" text NOT NULL,
  "email" text NOT NULL,
  "owner_id" text NOT NULL,
  "sent_at" timestamp with time zone NOT NULL,
  CONSTRAINT "share_invites_sent_pkey" PRIMARY KEY ("device_key", "email"),
  CONSTRAINT "share_invites_sent_device_key_devices_key_fk" FOREIGN KEY ("device_key") REFERENCES "devices"("key") ON DELETE CASCADE
);
CREATE INDEX "share_invites_sent_owner_idx" ON "share_invites_sent" ("owner_id", "sent_at");
