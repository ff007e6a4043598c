-- The device list's version per user (docs/architecture/README.md#the-device-list-version): the dashboard's poll
-- answers 304 from this one row, without reading the devices or the user. Triggers keep it, so every writer (API,
-- gateway, offline sweep, renewals, admin tools, hand-written SQL) moves it without having to remember to.
-- Versions come from one sequence: never reused, so an old ETag cannot match a later list.
CREATE SEQUENCE "device_list_version_seq";

CREATE TABLE "device_list_versions" (
  "user_id" text PRIMARY KEY NOT NULL,
  "version" bigint NOT NULL,
  CONSTRAINT "device_list_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE
);

INSERT INTO "device_list_versions" ("user_id", "version") SELECT "id", nextval('device_list_version_seq') FROM "users";

-- Every new version is announced on channel device_list_version as '<user id>:<version>' (a deleted user's as
-- '<user id>:gone'), so each server keeps the versions in memory and answers a poll without a query
-- (devices/listCache.ts); the notifications leave with the commit, in commit order.
CREATE FUNCTION "device_list_versions_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('device_list_version', CASE WHEN TG_OP = 'DELETE' THEN OLD."user_id" || ':gone' ELSE NEW."user_id" || ':' || NEW."version" END);
  RETURN NULL;
END $$;

CREATE TRIGGER "device_list_versions_announce" AFTER INSERT OR UPDATE OR DELETE ON "device_list_versions"
  FOR EACH ROW EXECUTE FUNCTION "device_list_versions_announce"();

-- Bumps the lists of a device's owner and of the users it is shared with (Access holds their e-mails).
CREATE FUNCTION "bump_device_lists"(owner text, access jsonb) RETURNS void LANGUAGE sql AS $$
  UPDATE "device_list_versions" SET "version" = nextval('device_list_version_seq')
  WHERE "user_id" = owner
     OR "user_id" IN (SELECT u."id" FROM "users" u WHERE u."email" IN (SELECT jsonb_array_elements_text(access)));
$$;

-- What the list shows of a device (devices/representation.ts): everything but the gateway's and the renewal job's
-- bookkeeping. Connection.LastSeenAt moves the version on the first report only, as updated_at does (devices/store.ts).
CREATE FUNCTION "device_lists_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD."key", OLD."product", OLD."owner_id", OLD."name", OLD."tags", OLD."access", OLD."notify",
      OLD."fields", OLD."subscription", OLD."offline") IS NOT DISTINCT FROM (NEW."key", NEW."product", NEW."owner_id",
      NEW."name", NEW."tags", NEW."access", NEW."notify", NEW."fields", NEW."subscription", NEW."offline")
      AND NOT (OLD."last_seen_at" IS NULL AND NEW."last_seen_at" IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM "bump_device_lists"(OLD."owner_id", OLD."access"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "bump_device_lists"(NEW."owner_id", NEW."access"); END IF;
  RETURN NULL;
END $$;

-- Deferred to the commit: the version row is locked for an instant at the end, not for the rest of a transaction
-- that may wait on a device's ack, so one user's devices never queue behind each other here.
CREATE CONSTRAINT TRIGGER "devices_list_version" AFTER INSERT OR UPDATE OR DELETE ON "devices"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "device_lists_touch"();

-- A user's own row; a new e-mail changes which shared devices they see and the OwnerEmail others see on theirs.
CREATE FUNCTION "device_list_users_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "device_list_versions" ("user_id", "version") VALUES (NEW."id", nextval('device_list_version_seq'));
  ELSIF OLD."email" IS DISTINCT FROM NEW."email" THEN
    UPDATE "device_list_versions" SET "version" = nextval('device_list_version_seq')
    WHERE "user_id" = NEW."id"
       OR "user_id" IN (SELECT u."id" FROM "devices" d CROSS JOIN LATERAL jsonb_array_elements_text(d."access") a(email)
                        JOIN "users" u ON u."email" = a.email WHERE d."owner_id" = NEW."id");
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "users_device_list_version" AFTER INSERT OR UPDATE OF "email" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "device_list_users_touch"();

-- The same for the sessions a server keeps in memory (auth/sessionCache.ts), so the poll's token check needs no
-- query either: a changed or deleted token is announced on channel session_change as 'token:<sha256>', a changed or
-- deleted user (every session of theirs) as 'user:<id>'.
CREATE FUNCTION "sessions_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'tokens' THEN
    PERFORM pg_notify('session_change', 'token:' || OLD."token_hash");
  ELSE
    PERFORM pg_notify('session_change', 'user:' || OLD."id");
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "tokens_session_announce" AFTER UPDATE OR DELETE ON "tokens" FOR EACH ROW EXECUTE FUNCTION "sessions_announce"();
CREATE TRIGGER "users_session_announce" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "sessions_announce"();
