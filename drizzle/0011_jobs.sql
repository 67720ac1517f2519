CREATE TYPE "public"."job_status" AS ENUM('pending', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "job_status" DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"last_error" text,
	"key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "email_jobs_pending_idx";--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_unique" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."status" = 'done';--> statement-breakpoint
CREATE INDEX "email_jobs_created_idx" ON "email_jobs" USING btree ("created_at");--> statement-breakpoint
-- Mail still waiting moves onto the job queue, keeping its retry time and attempts.
INSERT INTO "jobs" ("task", "payload", "run_at", "attempts", "max_attempts", "last_error", "created_at")
SELECT 'email.send', jsonb_build_object('emailId', "id"), "run_after", "attempts", GREATEST("attempts" + 1, 8), "last_error", "created_at"
FROM "email_jobs" WHERE "status" = 'pending' ORDER BY "id";--> statement-breakpoint
ALTER TABLE "email_jobs" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "email_jobs" DROP COLUMN "run_after";