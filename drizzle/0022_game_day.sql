CREATE TYPE "public"."review_author_role" AS ENUM('driver', 'host');--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"author_role" "review_author_role" NOT NULL,
	"author_id" text,
	"subject_id" text,
	"driveway_id" uuid,
	"rating" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_booking_role_unique" UNIQUE("booking_id","author_role"),
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_body_length" CHECK (char_length("reviews"."body") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_driveway_idx" ON "reviews" USING btree ("driveway_id");--> statement-breakpoint
CREATE INDEX "reviews_subject_role_idx" ON "reviews" USING btree ("subject_id","author_role");--> statement-breakpoint
-- A driver's review changes its driveway's average, shown on every event the driveway is listed
-- for: those events' kept pages are dropped (decision 020).
CREATE FUNCTION "event_parking_changed_by_review"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('event_parking_changed', "event_id"::text)
  FROM (
    SELECT DISTINCT "listings"."event_id"
    FROM "listings" JOIN "new_rows" ON "new_rows"."driveway_id" = "listings"."driveway_id"
  ) AS "changed";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reviews_parking_insert" AFTER INSERT ON "reviews"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_parking_changed_by_review"();--> statement-breakpoint
CREATE TRIGGER "reviews_parking_update" AFTER UPDATE ON "reviews"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_parking_changed_by_review"();
