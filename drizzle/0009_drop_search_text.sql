ALTER TABLE "events" DROP COLUMN "search_text";
