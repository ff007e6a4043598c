-- Each sign-up for an address nobody has confirmed yet keeps its own password and details, and the codes mailed
-- for it point at it (docs/product/states.md "Session", issue 26): whoever enters the code mailed for a sign-up
-- gets that sign-up's password, whatever order the sign-ups came in.
CREATE TABLE "pending_sign_ups" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"password_hash" text NOT NULL,
	"country" text NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	"addr1" text NOT NULL,
	"addr2" text NOT NULL,
	"postal_code" text NOT NULL,
	"town" text NOT NULL,
	"vatin" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
ALTER TABLE "pending_sign_ups" ADD CONSTRAINT "pending_sign_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
CREATE INDEX "pending_sign_ups_user_id_idx" ON "pending_sign_ups" USING btree ("user_id");

ALTER TABLE "codes" ADD COLUMN "sign_up_id" text;
ALTER TABLE "codes" ADD CONSTRAINT "codes_sign_up_id_pending_sign_ups_id_fk" FOREIGN KEY ("sign_up_id") REFERENCES "public"."pending_sign_ups"("id") ON DELETE cascade ON UPDATE no action;
-- Wrong codes are now counted per e-mail and client IP by the rate limits, not per code.
ALTER TABLE "codes" DROP COLUMN "attempts";

-- An account waiting for verification today holds the latest sign-up's password: that becomes its one pending
-- sign-up, and its live verification code confirms it.
INSERT INTO "pending_sign_ups" ("id", "user_id", "password_hash", "country", "locale", "name", "addr1", "addr2", "postal_code", "town", "vatin", "created_at")
	SELECT 'legacy-' || "id", "id", "password_hash", "country", "locale", "name", "addr1", "addr2", "postal_code", "town", "vatin", "created_at"
	FROM "users" WHERE NOT "verified";
UPDATE "codes" SET "sign_up_id" = 'legacy-' || "user_id"
	WHERE "purpose" = 'verify' AND "user_id" IN (SELECT "id" FROM "users" WHERE NOT "verified");
