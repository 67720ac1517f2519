CREATE TYPE "public"."listing_review_flag" AS ENUM('first_listing', 'no_photos', 'far_from_venue', 'high_price', 'address_listed_by_another_host');--> statement-breakpoint
ALTER TYPE "public"."listing_status" ADD VALUE 'in_review';--> statement-breakpoint
ALTER TYPE "public"."listing_status" ADD VALUE 'rejected';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'listing.approve';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'listing.reject';--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "review_flags" "listing_review_flag"[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "listings_status_created_idx" ON "listings" USING btree ("status","created_at");