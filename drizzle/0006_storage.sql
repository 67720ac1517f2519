CREATE TYPE "public"."api_token_scope" AS ENUM('storage:read', 'storage:write');--> statement-breakpoint
CREATE TYPE "public"."storage_backend" AS ENUM('disk', 'uploadthing');--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"owner_id" text NOT NULL,
	"scope" "api_token_scope" NOT NULL,
	"secret_hash" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_tokens_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "storage_objects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket" text NOT NULL,
	"full_path" text NOT NULL,
	"name" text NOT NULL,
	"generation" bigint NOT NULL,
	"metageneration" integer DEFAULT 1 NOT NULL,
	"size" bigint NOT NULL,
	"md5_hash" text NOT NULL,
	"cache_control" text,
	"content_disposition" text,
	"content_encoding" text,
	"content_language" text,
	"content_type" text NOT NULL,
	"custom_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"owner_id" text,
	"backend" "storage_backend" NOT NULL,
	"backend_key" text NOT NULL,
	"download_token_hashes" text[] DEFAULT '{}' NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_objects_path_unique" UNIQUE("bucket","full_path"),
	CONSTRAINT "storage_objects_size_positive" CHECK ("storage_objects"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_objects" ADD CONSTRAINT "storage_objects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_owner_idx" ON "api_tokens" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "storage_objects_owner_idx" ON "storage_objects" USING btree ("owner_id");