-- Extensions the schema relies on: trigram search (pg_trgm) and GiST on plain types (btree_gist).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
