import { multilineText, text } from './text';
import { z } from './z';
import { FEEDBACK_EMPTY_MESSAGE, FEEDBACK_MAX_LENGTH } from './limits';

export const feedbackInput = z.object({
  feedbackText: multilineText({ message: FEEDBACK_EMPTY_MESSAGE })
    .trim()
    .min(1, { message: FEEDBACK_EMPTY_MESSAGE })
    .max(FEEDBACK_MAX_LENGTH, {
      message: `Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters.`,
    }),
  /** Honeypot: a field people never see. Anything in it marks the sender as a bot. */
  website: text().max(500).optional(),
});
export type FeedbackInput = z.output<typeof feedbackInput>;

export const feedbackIdInput = z
  .object({ id: z.uuid({ message: 'Feedback id must be a UUID.' }) })
  .strict();
