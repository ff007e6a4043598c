-- Devices (issue 3): the inventory of every manufactured device, the registered devices, and their readings.
CREATE TABLE "inventory" (
	"key" text PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
CREATE TABLE "devices" (
	"key" text PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"access" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notify" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"subscription" jsonb NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
CREATE TABLE "device_readings" (
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "device_readings_pkey" PRIMARY KEY("key","at")
);
ALTER TABLE "devices" ADD CONSTRAINT "devices_key_inventory_key_fk" FOREIGN KEY ("key") REFERENCES "public"."inventory"("key") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "devices" ADD CONSTRAINT "devices_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
CREATE INDEX "devices_owner_id_idx" ON "devices" USING btree ("owner_id");
CREATE INDEX "devices_access_idx" ON "devices" USING gin ("access");
