CREATE TABLE "event_search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "events_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "events_scheduled_starts_at_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_words" text[] GENERATED ALWAYS AS (regexp_split_to_array(lower(title || ' ' || venue_name || ' ' || city), '[[:space:]]+')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "event_search_words_trgm_idx" ON "event_search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "events_search_words_idx" ON "events" USING gin ("search_words") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "events_scheduled_starts_at_idx" ON "events" USING btree ("starts_at","id","ends_at") WHERE "events"."status" = 'scheduled';--> statement-breakpoint
-- Keeps event_search_words holding every word of every event's search_words. Statement-level, so
-- a bulk insert adds each new word once; ordered, so concurrent inserts take the words' locks in
-- the same order. Words no event uses any more stay: they match no event.
CREATE FUNCTION "event_search_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_search_words" ("word")
  SELECT DISTINCT "word" FROM "changed_events", unnest("search_words") AS "word"
  WHERE "word" <> ''
  ORDER BY "word"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_search_words_insert" AFTER INSERT ON "events"
  REFERENCING NEW TABLE AS "changed_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_search_words_add"();--> statement-breakpoint
CREATE TRIGGER "events_search_words_update" AFTER UPDATE ON "events"
  REFERENCING NEW TABLE AS "changed_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_search_words_add"();--> statement-breakpoint
INSERT INTO "event_search_words" ("word")
SELECT DISTINCT "word" FROM "events", unnest("search_words") AS "word"
WHERE "word" <> ''
ON CONFLICT DO NOTHING;
