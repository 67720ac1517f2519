import { text } from './text';
import { z } from './z';

export const REVIEW_BODY_MAX = 1000;

export const reviewSaveInput = z.strictObject({
  bookingId: z.uuid({ message: 'Booking id must be a UUID.' }),
  rating: z
    .number({ message: 'Choose 1 to 5 stars.' })
    .int('Choose 1 to 5 stars.')
    .min(1, 'Choose 1 to 5 stars.')
    .max(5, 'Choose 1 to 5 stars.'),
  body: text()
    .trim()
    .max(REVIEW_BODY_MAX, `Keep it to ${REVIEW_BODY_MAX.toLocaleString('en-US')} characters.`)
    .optional(),
});
export type ReviewSaveInput = z.infer<typeof reviewSaveInput>;

/** The form sends the rating as text. */
export const reviewFormInput = reviewSaveInput.extend({
  rating: z.coerce
    .number({ message: 'Choose 1 to 5 stars.' })
    .int('Choose 1 to 5 stars.')
    .min(1, 'Choose 1 to 5 stars.')
    .max(5, 'Choose 1 to 5 stars.'),
});

export const passCheckInInput = z.union([
  z.strictObject({
    code: text()
      .trim()
      .min(1, 'Scan the pass or type its code.')
      .max(80, 'That is longer than any pass code.'),
  }),
  z.strictObject({ bookingId: z.uuid({ message: 'Booking id must be a UUID.' }) }),
]);
