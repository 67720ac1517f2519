-- The admin figures (admin.overview, decision 028) read the bookings of a window from these two
-- indexes alone. Since the figures tell card payments from payments on arrival (decision 034)
-- they also read payment_status, which the indexes did not carry: every booking of the window
-- was fetched from the table (p95 114 ms with a million bookings, against 29 ms before). Made
-- again with it; each build holds writes to bookings for as long as it takes (about a second per
-- million bookings).
DROP INDEX "bookings_created_at_idx";--> statement-breakpoint
CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at") INCLUDE ("price_cents","platform_fee_cents","refund_cents","payment_status");--> statement-breakpoint
DROP INDEX "bookings_cancelled_at_idx";--> statement-breakpoint
CREATE INDEX "bookings_cancelled_at_idx" ON "bookings" USING btree ("cancelled_at") INCLUDE ("refund_cents","payment_status") WHERE "bookings"."cancelled_at" is not null;
