CREATE TYPE "public"."email_job_status" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "email_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"kind" text NOT NULL,
	"status" "email_job_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "event_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "event_waitlist_event_email_unique" UNIQUE("event_id","email")
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "location" "point";--> statement-breakpoint
UPDATE "listings" SET "location" = point(d."longitude", d."latitude") FROM "driveways" d WHERE d."id" = "listings"."driveway_id";--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "location" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_jobs_pending_idx" ON "email_jobs" USING btree ("run_after","id") WHERE "email_jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "events_location_gist_idx" ON "events" USING gist (point("longitude", "latitude")) WHERE "events"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "listings_event_location_gist_idx" ON "listings" USING gist ("event_id","location");