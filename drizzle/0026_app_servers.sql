ALTER TYPE "public"."audit_action" ADD VALUE 'job.retry';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'job.discard';--> statement-breakpoint
CREATE TABLE "app_servers" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
