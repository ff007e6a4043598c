-- Cheaper triggers on the ingest path (docs/architecture/README.md#ingest); what they keep is unchanged.

-- Device list versions (0016, docs/architecture/README.md#the-device-list-version): each user's moves once per
-- transaction, not once per device row changed. A gateway batch changes ~40–1,000 devices, mostly of a few owners;
-- 0016 updated the owner's row (and sent a notification) for each, and re-planned its SQL function every call:
-- ~9 ms of a 30 ms batch of 400 readings. A later bump in the same transaction adds nothing: the row is locked by
-- this transaction until its commit and its version, taken from the sequence in this transaction, is newer than
-- any committed before and seen by no one until the commit.
-- "Bumped in this transaction": written by it (xmin) with a version above the floor, a sequence value this
-- transaction took at its first bump (kept in a transaction-local setting, so it is gone at the end, and with a
-- rolled-back savepoint). The floor rules out a row last written 2^32 transactions ago whose xmin happens to match.
-- Anything else (a row moved by the users trigger earlier in the transaction) is simply bumped again.
-- PL/pgSQL, so its plan is cached per connection; the users are found through their indexes (0016's OR with a
-- subquery read every user and every version row, at fleet scale ~20,000 of each, for each device changed).
CREATE OR REPLACE FUNCTION "bump_device_lists"(owner text, access jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	floor_version bigint := nullif(current_setting('paddock.device_lists_floor', true), '')::bigint;
BEGIN
	IF floor_version IS NULL THEN
		PERFORM set_config('paddock.device_lists_floor', nextval('device_list_version_seq')::text, true);
		UPDATE "device_list_versions" SET "version" = nextval('device_list_version_seq')
		WHERE "user_id" = ANY (owner || ARRAY(SELECT u."id" FROM "users" u WHERE u."email" = ANY (ARRAY(SELECT jsonb_array_elements_text(access)))));
	ELSE
		UPDATE "device_list_versions" SET "version" = nextval('device_list_version_seq')
		WHERE "user_id" = ANY (owner || ARRAY(SELECT u."id" FROM "users" u WHERE u."email" = ANY (ARRAY(SELECT jsonb_array_elements_text(access)))))
			AND NOT ("version" > floor_version AND xmin = pg_current_xact_id()::xid);
	END IF;
END $$;

-- As in 0016; a device whose owner and Access did not change bumps those users once, not twice.
CREATE OR REPLACE FUNCTION "device_lists_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND (OLD."key", OLD."product", OLD."owner_id", OLD."name", OLD."tags", OLD."access", OLD."notify",
			OLD."fields", OLD."subscription", OLD."offline") IS NOT DISTINCT FROM (NEW."key", NEW."product", NEW."owner_id",
			NEW."name", NEW."tags", NEW."access", NEW."notify", NEW."fields", NEW."subscription", NEW."offline")
			AND NOT (OLD."last_seen_at" IS NULL AND NEW."last_seen_at" IS NOT NULL) THEN
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' THEN PERFORM "bump_device_lists"(OLD."owner_id", OLD."access"); END IF;
	IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR (OLD."owner_id", OLD."access") IS DISTINCT FROM (NEW."owner_id", NEW."access")) THEN
		PERFORM "bump_device_lists"(NEW."owner_id", NEW."access");
	END IF;
	RETURN NULL;
END $$;
