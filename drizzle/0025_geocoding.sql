CREATE TABLE "geocode_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"places" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geocoder_pace" (
	"provider" text PRIMARY KEY NOT NULL,
	"next_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "geocode_cache_created_idx" ON "geocode_cache" USING btree ("created_at");