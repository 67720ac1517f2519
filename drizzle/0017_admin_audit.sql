CREATE TYPE "public"."audit_action" AS ENUM('admin.grant', 'admin.revoke', 'event.edit', 'event.cancel', 'event.archive', 'event.unarchive', 'feedback.resolve', 'api_token.create', 'api_token.revoke', 'conversation.view');--> statement-breakpoint
CREATE TABLE "admin_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"api_token_id" uuid,
	"action" "audit_action" NOT NULL,
	"target_id" text NOT NULL,
	"target_label" text NOT NULL,
	"details" jsonb,
	"ip" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_audit_at_idx" ON "admin_audit" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_action_at_idx" ON "admin_audit" USING btree ("action","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_actor_at_idx" ON "admin_audit" USING btree ("actor_email","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_target_idx" ON "admin_audit" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at") INCLUDE ("price_cents","platform_fee_cents","refund_cents");--> statement-breakpoint
CREATE INDEX "bookings_cancelled_at_idx" ON "bookings" USING btree ("cancelled_at") INCLUDE ("refund_cents") WHERE "bookings"."cancelled_at" is not null;--> statement-breakpoint
-- The audit log is append-only: no statement may change or remove a row, whoever runs it. Only
-- an operator who drops these triggers on purpose can.
CREATE FUNCTION "admin_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "admin_audit_no_update_or_delete" BEFORE UPDATE OR DELETE ON "admin_audit"
  FOR EACH ROW EXECUTE FUNCTION "admin_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "admin_audit_no_truncate" BEFORE TRUNCATE ON "admin_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin_audit_append_only"();
