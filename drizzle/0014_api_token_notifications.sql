-- Tells every app server, through LISTEN/NOTIFY, that what an API token may do changed, so the
-- servers drop the tokens they verified a moment ago (decision 025). The payload is the owner's
-- user id, or '*' when the admins changed (they are kept by e-mail). Sent when the transaction
-- commits. The per-call counting of a token's minute (window_*, last_used_at) sends nothing.
-- Row-level, as PostgreSQL allows a column list only there; it folds repeats within a transaction.
CREATE FUNCTION "api_token_changed_by_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('api_token_changed', OLD."owner_id");
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('api_token_changed', NEW."owner_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "api_tokens_changed_update" AFTER UPDATE OF "owner_id", "scopes", "secret_hash", "rate_limit_per_minute", "expires_at", "revoked_at" ON "api_tokens"
  FOR EACH ROW EXECUTE FUNCTION "api_token_changed_by_owner"();--> statement-breakpoint
CREATE TRIGGER "api_tokens_changed_delete" AFTER DELETE ON "api_tokens"
  FOR EACH ROW EXECUTE FUNCTION "api_token_changed_by_owner"();--> statement-breakpoint
-- The owner: their e-mail, verification or profile (a token's caller carries all of it).
CREATE FUNCTION "api_token_changed_by_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('api_token_changed', "id") FROM (SELECT DISTINCT "id" FROM "new_rows") AS "changed";
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('api_token_changed', "id") FROM (SELECT DISTINCT "id" FROM "old_rows") AS "changed";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_api_token_changed_update" AFTER UPDATE ON "users"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "api_token_changed_by_user"();--> statement-breakpoint
CREATE TRIGGER "users_api_token_changed_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "api_token_changed_by_user"();--> statement-breakpoint
-- Admins are kept by e-mail: any change may touch any token's owner.
CREATE FUNCTION "api_token_changed_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('api_token_changed', '*');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "admins_api_token_changed" AFTER INSERT OR UPDATE OR DELETE ON "admins"
  FOR EACH STATEMENT EXECUTE FUNCTION "api_token_changed_all"();
