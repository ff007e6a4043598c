-- Device gateway (issue 3): when each device was last heard from, its reporting interval, its offline deadline and
-- state (for the offline sweep), and the version of the configuration last published to it.
ALTER TABLE "devices" ADD COLUMN "last_seen_at" timestamp with time zone;
ALTER TABLE "devices" ADD COLUMN "reporting_seconds" integer;
ALTER TABLE "devices" ADD COLUMN "offline_at" timestamp with time zone;
ALTER TABLE "devices" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;
ALTER TABLE "devices" ADD COLUMN "config_version" integer DEFAULT 0 NOT NULL;
CREATE INDEX "devices_offline_at_idx" ON "devices" USING btree ("offline_at") WHERE "devices"."offline" = false;
