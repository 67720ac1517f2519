ALTER TYPE "public"."audit_action" ADD VALUE 'webhook.create';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'webhook.pause';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'webhook.resume';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'webhook.delete';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'webhook.send_again';--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_code" integer,
	"answer" text DEFAULT '' NOT NULL,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_endpoint_event_unique" UNIQUE("endpoint_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"secret_salt" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_created_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");--> statement-breakpoint
-- Webhook events (decision 068), recorded by the database in the transaction of the change,
-- whatever code made it, but only while an endpoint that is not paused wants that type: each
-- becomes a `webhook_events` row and a `webhook.event` job, which writes the object once and
-- queues one delivery per endpoint. Statement-level, so a bulk write costs one lookup when
-- nobody listens.
CREATE FUNCTION "webhook_wanted"("kind" text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM "webhook_endpoints" WHERE "disabled_at" IS NULL AND "kind" = ANY ("events")
  )
$$;--> statement-breakpoint
CREATE FUNCTION "webhook_record"("kind" text, "subjects" uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH "made" AS (
    INSERT INTO "webhook_events" ("type", "subject_id")
    SELECT "kind", "subject" FROM unnest("subjects") AS "subject"
    RETURNING "id"
  )
  INSERT INTO "jobs" ("task", "payload")
  SELECT 'webhook.event', jsonb_build_object('eventId', "id") FROM "made"
$$;--> statement-breakpoint
CREATE FUNCTION "webhook_booking_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF webhook_wanted('booking.confirmed') THEN
      PERFORM webhook_record('booking.confirmed',
        ARRAY(SELECT "id" FROM "new_rows" WHERE "status" = 'confirmed'));
    END IF;
    RETURN NULL;
  END IF;
  IF webhook_wanted('booking.confirmed') THEN
    PERFORM webhook_record('booking.confirmed', ARRAY(
      SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE n."status" = 'confirmed' AND o."status" <> 'confirmed'));
  END IF;
  IF webhook_wanted('booking.cancelled') THEN
    PERFORM webhook_record('booking.cancelled', ARRAY(
      SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE n."status" = 'cancelled' AND o."status" = 'confirmed'));
  END IF;
  IF webhook_wanted('booking.checked_in') THEN
    PERFORM webhook_record('booking.checked_in', ARRAY(
      SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE n."checked_in_at" IS NOT NULL AND o."checked_in_at" IS NULL));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_webhook_insert" AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "webhook_booking_changed"();--> statement-breakpoint
CREATE TRIGGER "bookings_webhook_update" AFTER UPDATE ON "bookings"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "webhook_booking_changed"();--> statement-breakpoint
-- A report is opened with its outcome already decided (moved or refunded); it is resolved when
-- its host answers it or an admin reverses it.
CREATE FUNCTION "webhook_parking_report_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF webhook_wanted('parking_report.opened') THEN
      PERFORM webhook_record('parking_report.opened', ARRAY(SELECT "id" FROM "new_rows"));
    END IF;
    RETURN NULL;
  END IF;
  IF webhook_wanted('parking_report.resolved') THEN
    PERFORM webhook_record('parking_report.resolved', ARRAY(
      SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE (n."host_replied_at" IS NOT NULL AND o."host_replied_at" IS NULL)
         OR (n."reversed_at" IS NOT NULL AND o."reversed_at" IS NULL)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "parking_reports_webhook_insert" AFTER INSERT ON "parking_reports"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "webhook_parking_report_changed"();--> statement-breakpoint
CREATE TRIGGER "parking_reports_webhook_update" AFTER UPDATE ON "parking_reports"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "webhook_parking_report_changed"();--> statement-breakpoint
CREATE FUNCTION "webhook_listing_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF webhook_wanted('listing.in_review') THEN
      PERFORM webhook_record('listing.in_review',
        ARRAY(SELECT "id" FROM "new_rows" WHERE "status" = 'in_review'));
    END IF;
    RETURN NULL;
  END IF;
  IF webhook_wanted('listing.in_review') THEN
    PERFORM webhook_record('listing.in_review', ARRAY(
      SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE n."status" = 'in_review' AND o."status" <> 'in_review'));
  END IF;
  IF webhook_wanted('listing.approved') THEN
    PERFORM webhook_record('listing.approved', ARRAY(
      SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE n."status" = 'open' AND o."status" = 'in_review'));
  END IF;
  IF webhook_wanted('listing.rejected') THEN
    PERFORM webhook_record('listing.rejected', ARRAY(
      SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE n."status" = 'rejected' AND o."status" <> 'rejected'));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "listings_webhook_insert" AFTER INSERT ON "listings"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "webhook_listing_changed"();--> statement-breakpoint
CREATE TRIGGER "listings_webhook_update" AFTER UPDATE ON "listings"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "webhook_listing_changed"();
