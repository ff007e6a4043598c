-- Warranties (issue 11, docs/product/api.md "Warranties"): one registration per product and serial number, with the
-- proof of purchase stored as the bytes it was sent as and the type recognised from them. Goes with the account.
CREATE TABLE "warranties" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"product" text NOT NULL,
	"serial_number" text NOT NULL,
	"retailer" text NOT NULL,
	"date_of_purchase" date NOT NULL,
	"proof_type" text NOT NULL,
	"proof_size" integer NOT NULL,
	"proof" bytea NOT NULL,
	"registered_at" timestamp with time zone NOT NULL
);
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
-- Serial first: the proof download looks a warranty up by serial number alone.
CREATE UNIQUE INDEX "warranties_serial_product_idx" ON "warranties" USING btree ("serial_number","product");
CREATE INDEX "warranties_user_id_registered_idx" ON "warranties" USING btree ("user_id","registered_at");
