ALTER TYPE "public"."audit_action" ADD VALUE 'booking.undo_check_in';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'booking.restore';