CREATE TYPE "public"."parking_report_outcome" AS ENUM('rebooked', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."parking_report_reason" AS ENUM('blocked', 'no_space', 'cant_find', 'unsafe');--> statement-breakpoint
ALTER TYPE "public"."listing_review_flag" ADD VALUE 'host_reported';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'parking_report.rebook';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'parking_report.refund';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'parking_report.reply';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'parking_report.reverse';--> statement-breakpoint
CREATE TABLE "parking_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"driver_id" text,
	"host_id" text,
	"reason" "parking_report_reason" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"photo_url" text,
	"outcome" "parking_report_outcome" NOT NULL,
	"new_booking_id" uuid,
	"waived_cents" integer DEFAULT 0 NOT NULL,
	"refund_cents" integer DEFAULT 0 NOT NULL,
	"host_reply" text,
	"host_replied_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"reversed_by" text,
	"reversal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parking_reports_booking_unique" UNIQUE("booking_id"),
	CONSTRAINT "parking_reports_note_length" CHECK (char_length("parking_reports"."note") <= 500),
	CONSTRAINT "parking_reports_reply_length" CHECK (char_length("parking_reports"."host_reply") <= 1000),
	CONSTRAINT "parking_reports_money" CHECK ("parking_reports"."waived_cents" >= 0 and "parking_reports"."refund_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "parking_reports" ADD CONSTRAINT "parking_reports_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_reports" ADD CONSTRAINT "parking_reports_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_reports" ADD CONSTRAINT "parking_reports_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_reports" ADD CONSTRAINT "parking_reports_new_booking_id_bookings_id_fk" FOREIGN KEY ("new_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parking_reports_host_created_idx" ON "parking_reports" USING btree ("host_id","created_at");--> statement-breakpoint
CREATE INDEX "parking_reports_created_idx" ON "parking_reports" USING btree ("created_at");