-- The alarm log (issue 32, docs/product/alarm-log.md): each time an alarm of a device was raised and told, when it
-- cleared and who acknowledged it; and each notification of it (to whom, by which channel, delivered or not).
-- Acknowledging stops the reminders of that occurrence for everyone. At most one occurrence of an alarm of a device is
-- open (not cleared) at a time. Rows go with their device; cleared ones older than the raw readings are deleted by the
-- readings' maintenance (readings/partitions.ts).
CREATE TABLE "alarm_occurrences" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"alarm" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"value" double precision,
	"unit" text,
	"cleared_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	CONSTRAINT "alarm_occurrences_key_devices_key_fk" FOREIGN KEY ("key") REFERENCES "public"."devices"("key") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "alarm_occurrences_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action
);
CREATE INDEX "alarm_occurrences_key_raised_idx" ON "alarm_occurrences" USING btree ("key","raised_at","id");
CREATE UNIQUE INDEX "alarm_occurrences_open_idx" ON "alarm_occurrences" USING btree ("key","alarm") WHERE "alarm_occurrences"."cleared_at" IS NULL;
CREATE INDEX "alarm_occurrences_cleared_idx" ON "alarm_occurrences" USING btree ("cleared_at");
CREATE TABLE "alarm_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"occurrence_id" text NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"event" text NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"done_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "alarm_deliveries_occurrence_id_alarm_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."alarm_occurrences"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "alarm_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
CREATE INDEX "alarm_deliveries_occurrence_idx" ON "alarm_deliveries" USING btree ("occurrence_id");
CREATE INDEX "alarm_deliveries_user_id_idx" ON "alarm_deliveries" USING btree ("user_id");
