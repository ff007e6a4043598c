-- Alarm notifications (issue 4): background jobs claimed with FOR UPDATE SKIP LOCKED (a lease makes a job that a
-- dead worker held claimable again), what was last told per device and alarm (quiet period, offline reminders),
-- and the built-in SMS outbox.
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
CREATE INDEX "jobs_run_at_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."failed_at" IS NULL;
CREATE TABLE "alarm_notices" (
	"key" text NOT NULL,
	"alarm" text NOT NULL,
	"open" boolean NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alarm_notices_pkey" PRIMARY KEY("key","alarm")
);
ALTER TABLE "alarm_notices" ADD CONSTRAINT "alarm_notices_key_devices_key_fk" FOREIGN KEY ("key") REFERENCES "public"."devices"("key") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "sms_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to_phone" text NOT NULL,
	"to_email" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
CREATE INDEX "sms_outbox_to_phone_sent_idx" ON "sms_outbox" USING btree ("to_phone","sent_at");
CREATE INDEX "sms_outbox_to_email_sent_idx" ON "sms_outbox" USING btree ("to_email","sent_at");
