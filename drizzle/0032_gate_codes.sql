-- The gate code (decision 064): 6 characters a driver reads to the host, from an alphabet without
-- look-alikes (no 0/O, 1/I/L). Two random bytes per character from gen_random_uuid(), skipping
-- the version and variant bytes; a code already taken is drawn again.
CREATE FUNCTION "new_gate_code"() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  picks constant int[] := ARRAY[0, 2, 4, 10, 12, 14];
  bytes bytea;
  code text;
BEGIN
  LOOP
    bytes := uuid_send(gen_random_uuid());
    code := '';
    FOR i IN 1..6 LOOP
      code := code || substr(
        alphabet,
        1 + ((get_byte(bytes, picks[i]) * 256 + get_byte(bytes, picks[i] + 1)) % 31),
        1
      );
    END LOOP;
    EXIT WHEN NOT EXISTS (SELECT 1 FROM "bookings" WHERE "gate_code" = code);
  END LOOP;
  RETURN code;
END $$;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "gate_code" text;--> statement-breakpoint
-- One booking at a time, so each new code is checked against the ones given before it.
DO $$
DECLARE
  booking record;
BEGIN
  FOR booking IN SELECT "id" FROM "bookings" ORDER BY "created_at" LOOP
    UPDATE "bookings" SET "gate_code" = new_gate_code() WHERE "id" = booking."id";
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "gate_code" SET DEFAULT new_gate_code();--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "gate_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_gate_code_unique" UNIQUE("gate_code");
