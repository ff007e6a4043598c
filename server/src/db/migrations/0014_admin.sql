-- The admin area (docs/product/admin.md): notices, the audit log, and what the fleet statistics need to stay fast.

-- Notices (docs/product/admin.md "Notices"): plain text in four languages; public ones are shown to every signed-in user.
CREATE TABLE "notices" (
	"id" text PRIMARY KEY NOT NULL,
	"public" boolean NOT NULL,
	"english" text NOT NULL,
	"french" text NOT NULL,
	"german" text NOT NULL,
	"swedish" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
CREATE INDEX "notices_created_at_idx" ON "notices" USING btree ("created_at");

-- The audit log (docs/product/admin.md "Audit log"): the id grows with every entry, so paging by id is newest first.
-- People are copied in (id and e-mail) and nothing refers to other tables: entries outlive the accounts they name.
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"staff_id" text NOT NULL,
	"staff_email" text NOT NULL,
	"acting_as_id" text,
	"acting_as_email" text,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"user_id" text,
	"device_key" text,
	"notice_id" text,
	"before" jsonb,
	"after" jsonb
);
CREATE INDEX "audit_log_staff_id_idx" ON "audit_log" USING btree ("staff_id","id");
CREATE INDEX "audit_log_staff_email_idx" ON "audit_log" USING btree ("staff_email" text_pattern_ops);
CREATE INDEX "audit_log_user_id_idx" ON "audit_log" USING btree ("user_id","id");
CREATE INDEX "audit_log_acting_as_id_idx" ON "audit_log" USING btree ("acting_as_id","id");
CREATE INDEX "audit_log_device_key_idx" ON "audit_log" USING btree ("device_key","id");
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");

-- Entries cannot be changed or deleted, not even by a bug in the server: only inserts (and TRUNCATE by an operator).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log entries cannot be changed or deleted';
END;
$$;
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
	FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();

-- Fleet statistics (docs/product/admin.md "Fleet statistics"): readings per hour from a running count kept by the
-- database itself (a count over device_readings would read millions of rows). Spread over 64 rows per hour (by the
-- device key's hash) so concurrent ingests rarely wait on one another; rows locked in order, so bulk inserts cannot
-- deadlock each other.
CREATE TABLE "reading_hours" (
	"hour" timestamp with time zone NOT NULL,
	"shard" integer NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "reading_hours_pkey" PRIMARY KEY("hour","shard")
);
CREATE FUNCTION "reading_hours_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "reading_hours" ("hour", "shard", "count")
		SELECT date_trunc('hour', "at"), (hashtext("key") & 63), count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT ("hour", "shard") DO UPDATE SET "count" = "reading_hours"."count" + excluded."count";
	RETURN NULL;
END;
$$;
CREATE TRIGGER "reading_hours_count" AFTER INSERT ON "device_readings"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reading_hours_count"();
INSERT INTO "reading_hours" ("hour", "shard", "count")
	SELECT date_trunc('hour', "at"), (hashtext("key") & 63), count(*) FROM "device_readings" GROUP BY 1, 2;

-- Alarms triggered now: only the devices with one (ALARMS_TRIGGERED in server/src/db/schema.ts, the same text).
CREATE INDEX "devices_alarms_triggered_idx" ON "devices" USING btree ("product")
	WHERE (fields @? '$.*.Triggered ? (@ == true)' OR fields @> '{"ConnectionLost": true}');
-- Stock per product, counted from the index alone.
CREATE INDEX "inventory_product_idx" ON "inventory" USING btree ("product");
-- Notifications per day and users active in 30 days walk these by time.
CREATE INDEX "mailbox_sent_at_idx" ON "mailbox" USING btree ("sent_at");
CREATE INDEX "sms_outbox_sent_at_idx" ON "sms_outbox" USING btree ("sent_at");
CREATE INDEX "tokens_created_at_idx" ON "tokens" USING btree ("created_at");
