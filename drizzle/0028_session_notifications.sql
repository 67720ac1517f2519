-- Tells every app server, through LISTEN/NOTIFY, that what a session cookie stands for changed,
-- so the servers drop the sessions they checked a moment ago (decision 044). The payload is the
-- user's id, or '*' when the admins changed (they are kept by e-mail). Sent when the
-- transaction commits: a signed-out or revoked session is refused on every server as the change
-- commits, as API tokens are (migration 0014).
CREATE FUNCTION "session_changed_by_user_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('session_changed', "user_id") FROM (SELECT DISTINCT "user_id" FROM "new_rows") AS "changed";
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('session_changed', "user_id") FROM (SELECT DISTINCT "user_id" FROM "old_rows") AS "changed";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A session ended (sign-out, sign-out everywhere, a password reset) or its expiry moved.
CREATE TRIGGER "sessions_session_changed_update" AFTER UPDATE ON "sessions"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_changed_by_user_id"();--> statement-breakpoint
CREATE TRIGGER "sessions_session_changed_delete" AFTER DELETE ON "sessions"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_changed_by_user_id"();--> statement-breakpoint
-- The password account's verified flag is part of the user a session carries.
CREATE TRIGGER "password_accounts_session_changed_update" AFTER UPDATE ON "password_accounts"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_changed_by_user_id"();--> statement-breakpoint
CREATE TRIGGER "password_accounts_session_changed_delete" AFTER DELETE ON "password_accounts"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_changed_by_user_id"();--> statement-breakpoint
-- The user: name, e-mail, verification, host flag, or the account deleted.
CREATE FUNCTION "session_changed_by_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('session_changed', "id") FROM (SELECT DISTINCT "id" FROM "new_rows") AS "changed";
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('session_changed', "id") FROM (SELECT DISTINCT "id" FROM "old_rows") AS "changed";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_session_changed_update" AFTER UPDATE ON "users"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_changed_by_user"();--> statement-breakpoint
CREATE TRIGGER "users_session_changed_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_changed_by_user"();--> statement-breakpoint
-- Admins are kept by e-mail: any change may touch anyone's session.
CREATE FUNCTION "session_changed_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', '*');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "admins_session_changed" AFTER INSERT OR UPDATE OR DELETE ON "admins"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_changed_all"();
