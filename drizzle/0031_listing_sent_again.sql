ALTER TABLE "listings" ADD COLUMN "review_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "earlier_review_reason" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "changes_since_review" text[] DEFAULT '{}' NOT NULL;