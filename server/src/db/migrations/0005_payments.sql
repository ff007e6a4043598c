-- Payments (issue: buy SMS): one row per payment taken, the amount in integer minor units of its currency. The local
-- payment provider (the default) records its payments here, in the same transaction that delivers what was bought.
-- A payment is a bookkeeping record and outlives the account: deleting the user leaves it with user_id NULL.
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"item" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
CREATE INDEX "payments_user_id_created_idx" ON "payments" USING btree ("user_id","created_at");
