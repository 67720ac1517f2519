CREATE INDEX "listings_open_event_price_idx" ON "listings" USING btree ("event_id","price_cents","id") WHERE "listings"."status" = 'open';
