-- One money story (decision 034): a booking paid on arrival never passed through Parkside, so it
-- carries no platform fee (the host keeps the whole price) and, once cancelled, no refund.
-- Bookings made before the decision are brought in line; card payments are left as they are.
UPDATE "bookings"
SET "platform_fee_cents" = 0, "host_payout_cents" = "price_cents"
WHERE "payment_intent_id" IS NULL AND "payment_status" IN ('due_on_arrival', 'void')
  AND "platform_fee_cents" <> 0;--> statement-breakpoint
UPDATE "bookings"
SET "refund_cents" = 0
WHERE "payment_intent_id" IS NULL AND "payment_status" IN ('due_on_arrival', 'void')
  AND "refund_cents" <> 0;
