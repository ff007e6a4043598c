-- The built-in payment provider (docs/product/billing.md): the customer's test card, and an invoice for every payment,
-- numbered without gaps per year (invoice_numbers is locked by the charging transaction until it commits, so a
-- rolled-back purchase uses no number). An invoice keeps the buyer's details as they were when it was issued.
CREATE TABLE "payment_methods" (
	"user_id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"declines" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "invoice_numbers" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"payment_id" text NOT NULL,
	"user_id" text,
	"customer_id" text NOT NULL,
	"buyer" jsonb NOT NULL,
	"description" text NOT NULL,
	"currency" text NOT NULL,
	"net" integer NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	"vat" integer NOT NULL,
	"gross" integer NOT NULL,
	"reverse_charge" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_payment_id_unique" UNIQUE("payment_id")
);
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
CREATE INDEX "invoices_user_id_created_idx" ON "invoices" USING btree ("user_id","created_at");
