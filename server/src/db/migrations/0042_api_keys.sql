-- API keys for integrators (issue 32, docs/product/api-keys.md): a named, scoped credential a user makes on /account
-- and revokes there. Only the SHA-256 of the key's secret is kept; the prefix (public, shown in the list) finds the
-- row. A revoked key stays (revoked_at) so the list and the audit can name it; a name is unique among a user's
-- active keys. Rows go with their user.
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_prefix_unique" UNIQUE("prefix"),
	CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
CREATE INDEX "api_keys_user_id_idx" ON "api_keys" USING btree ("user_id");
CREATE UNIQUE INDEX "api_keys_active_name_idx" ON "api_keys" USING btree ("user_id","name") WHERE "api_keys"."revoked_at" IS NULL;
