-- Tokens move from one storage scope to a set of scopes for the whole API (decision 025).
-- Existing tokens keep exactly what they could do: storage:read reads, storage:write also writes files.
ALTER TABLE "api_tokens" ADD COLUMN "scopes" text[];--> statement-breakpoint
UPDATE "api_tokens" SET "scopes" = CASE "scope"::text WHEN 'storage:write' THEN ARRAY['read', 'storage:write'] ELSE ARRAY['read'] END;--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "scopes" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "rate_limit_per_minute" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "window_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "window_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_tokens" DROP COLUMN "scope";--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_scopes_known" CHECK (cardinality("api_tokens"."scopes") > 0 and "api_tokens"."scopes" <@ array['read', 'events:write', 'listings:write', 'bookings:write', 'messages:write', 'account:write', 'storage:write', 'admin']::text[]);--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_rate_limit_positive" CHECK ("api_tokens"."rate_limit_per_minute" > 0);--> statement-breakpoint
DROP TYPE "public"."api_token_scope";
