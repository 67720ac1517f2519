-- Tells every app server, through LISTEN/NOTIFY, which events' parking changed: the payload is
-- the event's id, sent when the transaction commits (never for one that rolls back). The servers
-- drop the pages they keep for that event (decision 020). Statement-level, so a bulk write sends
-- each event once; PostgreSQL also folds repeats of one notification within a transaction.
-- Listings and bookings carry their event.
CREATE FUNCTION "event_parking_changed_by_event_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('event_parking_changed', "event_id"::text)
    FROM (SELECT DISTINCT "event_id" FROM "new_rows") AS "changed";
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('event_parking_changed', "event_id"::text)
    FROM (SELECT DISTINCT "event_id" FROM "old_rows") AS "changed";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "listings_parking_insert" AFTER INSERT ON "listings"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_parking_changed_by_event_id"();--> statement-breakpoint
CREATE TRIGGER "listings_parking_update" AFTER UPDATE ON "listings"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_parking_changed_by_event_id"();--> statement-breakpoint
CREATE TRIGGER "listings_parking_delete" AFTER DELETE ON "listings"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_parking_changed_by_event_id"();--> statement-breakpoint
CREATE TRIGGER "bookings_parking_insert" AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_parking_changed_by_event_id"();--> statement-breakpoint
CREATE TRIGGER "bookings_parking_update" AFTER UPDATE ON "bookings"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_parking_changed_by_event_id"();--> statement-breakpoint
CREATE TRIGGER "bookings_parking_delete" AFTER DELETE ON "bookings"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_parking_changed_by_event_id"();--> statement-breakpoint
-- The event itself: its title, times, place or status.
CREATE FUNCTION "event_parking_changed_by_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('event_parking_changed', "id"::text)
    FROM (SELECT DISTINCT "id" FROM "new_rows") AS "changed";
  END IF;
  PERFORM pg_notify('event_parking_changed', "id"::text)
  FROM (SELECT DISTINCT "id" FROM "old_rows") AS "changed";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_parking_update" AFTER UPDATE ON "events"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_parking_changed_by_id"();--> statement-breakpoint
CREATE TRIGGER "events_parking_delete" AFTER DELETE ON "events"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_parking_changed_by_id"();--> statement-breakpoint
-- A driveway's title, address, amenities, photos or status show on every event it is listed for.
-- A driveway with listings cannot be deleted (the foreign key restricts it).
CREATE FUNCTION "event_parking_changed_by_driveway"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('event_parking_changed', "event_id"::text)
  FROM (
    SELECT DISTINCT "listings"."event_id"
    FROM "listings" JOIN "new_rows" ON "new_rows"."id" = "listings"."driveway_id"
  ) AS "changed";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "driveways_parking_update" AFTER UPDATE ON "driveways"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_parking_changed_by_driveway"();
