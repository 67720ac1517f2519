-- Live messages (decision 029): a new message, or a read marker that moves, is announced on
-- the channel 'message_events' when its transaction commits, with ids only: which conversation,
-- and whose counts changed. Each app server LISTENs once and tells the open pages of those
-- people, loading what it sends through the API as them.
CREATE FUNCTION "message_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  people text[];
BEGIN
  IF TG_TABLE_NAME = 'messages' THEN
    SELECT array_remove(ARRAY[c.driver_id, c.host_id], NULL) INTO people
      FROM conversations c WHERE c.id = NEW.conversation_id;
    PERFORM pg_notify('message_events', json_build_object(
      'kind', 'message', 'conversation', NEW.conversation_id, 'users', people)::text);
  ELSE
    PERFORM pg_notify('message_events', json_build_object(
      'kind', 'read', 'conversation', NEW.conversation_id, 'users', ARRAY[NEW.user_id])::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "messages_event" AFTER INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "message_event"();--> statement-breakpoint
CREATE TRIGGER "conversation_reads_event" AFTER INSERT OR UPDATE ON "conversation_reads"
  FOR EACH ROW EXECUTE FUNCTION "message_event"();
