import { multilineText, text } from './text';
import { z } from './z';

export const MESSAGE_MAX_LENGTH = 2000;
/** The counter under the composer shows from this many characters on. */
export const MESSAGE_COUNTER_FROM = 1800;
export const MESSAGE_PAGE_SIZE = 30;
export const THREADS_PAGE_SIZE = 20;
/** A conversation stays open this many days after its event ends, then reads only. */
export const MESSAGES_OPEN_DAYS_AFTER_EVENT = 7;
/** After a cancel, driver and host can still write for this long (a question asked just before). */
export const MESSAGES_OPEN_HOURS_AFTER_CANCEL = 48;

const bookingId = z.uuid({ message: 'Booking id must be a UUID.' });
/** `<ISO instant>_<uuid>`: where the previous page stopped. */
const cursor = z
  .string()
  .regex(
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z_[0-9a-f-]{36}$/,
    'That page marker is not valid.',
  );

export const messageBodySchema = multilineText({ message: 'Write a message.' })
  .trim()
  .min(1, 'Write a message.')
  .max(MESSAGE_MAX_LENGTH, `A message can be at most ${MESSAGE_MAX_LENGTH} characters.`);

export const messageSendInput = z.strictObject({
  bookingId,
  body: messageBodySchema,
  /** Made by the sender's page once per message: a retried send never doubles. */
  clientKey: text({ message: 'Client key must be text.' })
    .trim()
    .min(8, 'Client key must be 8 to 100 characters.')
    .max(100, 'Client key must be 8 to 100 characters.'),
});

export const messageThreadInput = z.strictObject({ bookingId, before: cursor.optional() });
export const messageThreadsInput = z.strictObject({ cursor: cursor.optional() }).optional();
export const messageBookingInput = z.strictObject({ bookingId });
export const adminConversationInput = z.strictObject({
  id: z.uuid({ message: 'Conversation id must be a UUID.' }),
});

export type MessageSendInput = z.infer<typeof messageSendInput>;
