-- Firmware campaigns (issue 32, docs/product/firmware-campaigns.md): staff roll one firmware image out to a chosen set
-- of devices of a product in stages, pausing when a stage fails too often. One row per campaign, one per device in it
-- (its stage, where its update is, why it failed). Rows of a device stay when it is unregistered: the campaign's
-- counts are history.
CREATE TABLE "firmware_campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"url" text NOT NULL,
	"sha256" text NOT NULL,
	"version" text NOT NULL,
	"selection" jsonb NOT NULL,
	"stages" jsonb NOT NULL,
	"failure_threshold" integer NOT NULL,
	"state" text NOT NULL,
	"stage" integer DEFAULT 0 NOT NULL,
	"pause_reason" text,
	"accepted_stage" integer,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "firmware_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action
);
CREATE INDEX "firmware_campaigns_state_idx" ON "firmware_campaigns" USING btree ("state");
CREATE INDEX "firmware_campaigns_created_idx" ON "firmware_campaigns" USING btree ("created_at","id");
CREATE TABLE "campaign_devices" (
	"campaign_id" text NOT NULL,
	"device_key" text NOT NULL,
	"position" integer NOT NULL,
	"stage" integer NOT NULL,
	"state" text NOT NULL,
	"fota_id" text,
	"failure" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "campaign_devices_pkey" PRIMARY KEY("campaign_id","device_key"),
	CONSTRAINT "campaign_devices_campaign_id_firmware_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."firmware_campaigns"("id") ON DELETE cascade ON UPDATE no action
);
CREATE INDEX "campaign_devices_stage_idx" ON "campaign_devices" USING btree ("campaign_id","stage","state");
CREATE INDEX "campaign_devices_position_idx" ON "campaign_devices" USING btree ("campaign_id","position");
