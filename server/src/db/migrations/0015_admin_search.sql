-- Admin device search (docs/product/admin.md "Device search"): a product's devices in key order from a key prefix or
-- the last key of a page, compared byte-wise (COLLATE "C") so the index serves prefix, bound and order whatever the
-- database's collation; and owner e-mail prefixes (e-mails are stored lowercase), for LIKE 'prefix%' in any collation.
CREATE INDEX "devices_product_key_idx" ON "devices" USING btree ("product", "key" COLLATE "C");
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ("email" text_pattern_ops);
