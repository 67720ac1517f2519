-- The audit log lists the rows written in one millisecond in the order they were written
-- (a script granting many admins): "at" has millisecond precision, and the tie was broken by
-- a random id.
DROP INDEX "admin_audit_at_idx";--> statement-breakpoint
ALTER TABLE "admin_audit" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "admin_audit_at_idx" ON "admin_audit" USING btree ("at" DESC NULLS LAST,"seq" DESC NULLS LAST);