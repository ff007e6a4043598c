-- A user's own e-mail change waits for the code mailed to the new address (codes.purpose 'email-change');
-- PUT /verify-email finds the account by this address.
ALTER TABLE "users" ADD COLUMN "pending_email" text;
CREATE INDEX "users_pending_email_idx" ON "users" USING btree ("pending_email");
