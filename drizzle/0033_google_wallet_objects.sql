CREATE TABLE "google_wallet_objects" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_sync" (
	"provider" text PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "google_wallet_objects" ADD CONSTRAINT "google_wallet_objects_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Google Wallet objects follow what their passes show (decision 066). While a server with Google
-- Wallet set up has written its `wallet_sync` row, every change a pass shows queues a
-- `wallet.google-object` job for the booking, in the transaction of the change, whatever code
-- made it: a booking confirmed (on insert or later), cancelled, checked in or its car changed; its
-- event's title, venue, times or status; its listing's window; its driveway's name, address or
-- way in. The job reads the booking as it is when it runs, so repeats only save it again. Changes
-- of events, listings and driveways reach only the passes already saved at Google; the others
-- are saved with the new facts when their own job runs. Statement-level: a bulk write with
-- Google Wallet off costs one lookup.
CREATE FUNCTION "google_wallet_on"() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM "wallet_sync" WHERE "provider" = 'google')
$$;--> statement-breakpoint
CREATE FUNCTION "google_wallet_booking_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT google_wallet_on() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "jobs" ("task", "payload")
    SELECT 'wallet.google-object', jsonb_build_object('bookingId', "id")
    FROM "new_rows" WHERE "status" = 'confirmed';
  ELSE
    INSERT INTO "jobs" ("task", "payload")
    SELECT 'wallet.google-object', jsonb_build_object('bookingId', n."id")
    FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
    WHERE n."status" IN ('confirmed', 'cancelled')
      AND (n."status", n."checked_in_at", n."license_plate", n."vehicle_description", n."payment_status")
        IS DISTINCT FROM (o."status", o."checked_in_at", o."license_plate", o."vehicle_description", o."payment_status");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_google_wallet_insert" AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "google_wallet_booking_changed"();--> statement-breakpoint
CREATE TRIGGER "bookings_google_wallet_update" AFTER UPDATE ON "bookings"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "google_wallet_booking_changed"();--> statement-breakpoint
CREATE FUNCTION "google_wallet_event_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT google_wallet_on() THEN RETURN NULL; END IF;
  INSERT INTO "jobs" ("task", "payload")
  SELECT 'wallet.google-object', jsonb_build_object('bookingId', b."id")
  FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
  JOIN "bookings" b ON b."event_id" = n."id" AND b."status" = 'confirmed'
  JOIN "google_wallet_objects" g ON g."booking_id" = b."id"
  WHERE (n."title", n."venue_name", n."starts_at", n."ends_at", n."time_zone", n."status")
    IS DISTINCT FROM (o."title", o."venue_name", o."starts_at", o."ends_at", o."time_zone", o."status");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_google_wallet_update" AFTER UPDATE ON "events"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "google_wallet_event_changed"();--> statement-breakpoint
CREATE FUNCTION "google_wallet_listing_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT google_wallet_on() THEN RETURN NULL; END IF;
  INSERT INTO "jobs" ("task", "payload")
  SELECT 'wallet.google-object', jsonb_build_object('bookingId', b."id")
  FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
  JOIN "bookings" b ON b."listing_id" = n."id" AND b."status" = 'confirmed'
  JOIN "google_wallet_objects" g ON g."booking_id" = b."id"
  WHERE (n."available_from", n."available_to") IS DISTINCT FROM (o."available_from", o."available_to");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "listings_google_wallet_update" AFTER UPDATE ON "listings"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "google_wallet_listing_changed"();--> statement-breakpoint
CREATE FUNCTION "google_wallet_driveway_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT google_wallet_on() THEN RETURN NULL; END IF;
  INSERT INTO "jobs" ("task", "payload")
  SELECT 'wallet.google-object', jsonb_build_object('bookingId', b."id")
  FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
  JOIN "listings" l ON l."driveway_id" = n."id"
  JOIN "bookings" b ON b."listing_id" = l."id" AND b."status" = 'confirmed'
  JOIN "google_wallet_objects" g ON g."booking_id" = b."id"
  WHERE (n."title", n."street", n."city", n."region", n."postal_code", n."access_instructions", n."latitude", n."longitude")
    IS DISTINCT FROM (o."title", o."street", o."city", o."region", o."postal_code", o."access_instructions", o."latitude", o."longitude");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "driveways_google_wallet_update" AFTER UPDATE ON "driveways"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "google_wallet_driveway_changed"();
