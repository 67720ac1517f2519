CREATE TYPE "public"."amenity" AS ENUM('covered', 'ev_charging', 'tailgating', 'restroom', 'accessible', 'large_vehicles');--> statement-breakpoint
CREATE TYPE "public"."booking_status" AS ENUM('confirmed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."cancelled_by" AS ENUM('driver', 'host', 'admin', 'event');--> statement-breakpoint
CREATE TYPE "public"."driveway_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."listing_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('due_on_arrival', 'paid', 'refunded', 'void');--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"driver_id" text,
	"price_cents" integer NOT NULL,
	"platform_fee_cents" integer NOT NULL,
	"host_payout_cents" integer NOT NULL,
	"license_plate" text,
	"vehicle_description" text,
	"status" "booking_status" DEFAULT 'confirmed' NOT NULL,
	"cancelled_by" "cancelled_by",
	"cancelled_at" timestamp with time zone,
	"cancellation_reason" text,
	"refund_cents" integer DEFAULT 0 NOT NULL,
	"payment_status" "payment_status" NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_driver_idempotency_unique" UNIQUE("driver_id","idempotency_key"),
	CONSTRAINT "bookings_amounts" CHECK ("bookings"."platform_fee_cents" + "bookings"."host_payout_cents" = "bookings"."price_cents"),
	CONSTRAINT "bookings_refund_range" CHECK ("bookings"."refund_cents" between 0 and "bookings"."price_cents")
);
--> statement-breakpoint
CREATE TABLE "driveways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" text,
	"title" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postal_code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"access_instructions" text DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"amenities" "amenity"[] DEFAULT '{}' NOT NULL,
	"photos" text[] DEFAULT '{}' NOT NULL,
	"status" "driveway_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driveways_capacity_range" CHECK ("driveways"."capacity" between 1 and 50),
	CONSTRAINT "driveways_latitude_range" CHECK ("driveways"."latitude" between -90 and 90),
	CONSTRAINT "driveways_longitude_range" CHECK ("driveways"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driveway_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"spaces_offered" integer NOT NULL,
	"available_from" timestamp with time zone NOT NULL,
	"available_to" timestamp with time zone NOT NULL,
	"license_plate_required" boolean DEFAULT true NOT NULL,
	"status" "listing_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_driveway_event_unique" UNIQUE("driveway_id","event_id"),
	CONSTRAINT "listings_price_range" CHECK ("listings"."price_cents" between 100 and 100000),
	CONSTRAINT "listings_spaces_positive" CHECK ("listings"."spaces_offered" >= 1),
	CONSTRAINT "listings_window_order" CHECK ("listings"."available_to" > "listings"."available_from")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driveways" ADD CONSTRAINT "driveways_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_driveway_id_driveways_id_fk" FOREIGN KEY ("driveway_id") REFERENCES "public"."driveways"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_listing_status_idx" ON "bookings" USING btree ("listing_id","status");--> statement-breakpoint
CREATE INDEX "bookings_driver_id_idx" ON "bookings" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "driveways_host_id_idx" ON "driveways" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "listings_event_id_idx" ON "listings" USING btree ("event_id");