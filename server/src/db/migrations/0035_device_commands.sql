-- Issue 30, docs/protocol.md "Commands are idempotent": a power call with an Idempotency-Key records the command it
-- sent under (device, caller, key), so a retried request (on any instance) finds it and waits for, or returns, that
-- command's ack instead of switching the plug again. The ack is stored by every instance that receives it; rows go
-- with their device or user, and a call prunes its device's rows older than a day (devices/commandKeys.ts).
CREATE TABLE "device_commands" (
  "command_id" text PRIMARY KEY NOT NULL,
  "device_key" text NOT NULL,
  "user_id" text NOT NULL,
  "idempotency_key" text NOT NULL,
  "body" jsonb NOT NULL,
  "ack" jsonb,
  "created_at" timestamp with time zone NOT NULL,
  CONSTRAINT "device_commands_device_key_devices_key_fk" FOREIGN KEY ("device_key") REFERENCES "devices"("key") ON DELETE CASCADE,
  CONSTRAINT "device_commands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "device_commands_key_idx" ON "device_commands" ("device_key", "user_id", "idempotency_key");
