-- Lists of events (/events, kept by each app server, decision 027) change when any event is
-- created, changed or deleted: a new event may enter a list, a changed one move or leave it. On
-- the same channel as the parking notifications of migration 0010, with the payload 'events'
-- (never an event id), so a server hears both on one LISTEN. Statement-level: one notification
-- per statement, and PostgreSQL folds repeats within a transaction.
CREATE FUNCTION "event_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('event_parking_changed', 'events');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_list_insert" AFTER INSERT ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_list_changed"();--> statement-breakpoint
CREATE TRIGGER "events_list_update" AFTER UPDATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_list_changed"();--> statement-breakpoint
CREATE TRIGGER "events_list_delete" AFTER DELETE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_list_changed"();
