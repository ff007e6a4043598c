-- A session token's scope (docs/product/embedding.md "The embed's token", issue 26): `full` for Paddock's own pages
-- and the native app; `embed` for a sign-in made from a partner's page (PARTNER_ORIGINS), which the API serves only
-- on the calls the embedded dashboard makes. Existing tokens keep working as they did.
ALTER TABLE "tokens" ADD COLUMN "scope" text DEFAULT 'full' NOT NULL;
