-- Tells every app server which person's own pages changed (My Bookings, a pass), on the channel
-- the kept pages already listen to, `event_parking_changed`, with the payload `user:<id>`
-- (decision 071). A booking's change is also its event's (migration 0010), but a new booking
-- of another event, or a parking report, is not in what the driver's page was kept on.
-- Statement-level, each driver once; sent when the transaction commits.
CREATE FUNCTION "own_pages_changed_by_driver"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('event_parking_changed', 'user:' || "driver_id")
  FROM (SELECT DISTINCT "driver_id" FROM "new_rows" WHERE "driver_id" IS NOT NULL) AS "changed";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_own_pages_insert" AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "own_pages_changed_by_driver"();--> statement-breakpoint
CREATE TRIGGER "bookings_own_pages_update" AFTER UPDATE ON "bookings"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "own_pages_changed_by_driver"();--> statement-breakpoint
CREATE TRIGGER "parking_reports_own_pages_insert" AFTER INSERT ON "parking_reports"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "own_pages_changed_by_driver"();--> statement-breakpoint
CREATE TRIGGER "parking_reports_own_pages_update" AFTER UPDATE ON "parking_reports"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "own_pages_changed_by_driver"();
