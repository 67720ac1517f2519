import { text } from './text';
import {
  PARKING_PROBLEMS,
  PARKING_REPORT_NOTE_MAX,
  PARKING_REPORT_REPLY_MAX,
  REVIEW_BODY_MAX,
  type ParkingProblem,
} from './game-day-constants';
import { z } from './z';

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
export type PassCheckInInput = z.infer<typeof passCheckInInput>;

const bookingId = z.uuid({ message: 'Booking id must be a UUID.' });
const reportId = z.uuid({ message: 'Report id must be a UUID.' });

export const parkingReportOptionsInput = z.strictObject({
  bookingId,
  /** false: only whether a report is open or made (the pass), without the nearest driveway. */
  alternative: z.boolean({ message: 'Alternative must be true or false.' }).optional(),
});

export const parkingReportCreateInput = z.strictObject({
  bookingId,
  problem: z.enum(Object.keys(PARKING_PROBLEMS) as [ParkingProblem, ...ParkingProblem[]], {
    message: 'Choose what is wrong.',
  }),
  note: text()
    .trim()
    .max(
      PARKING_REPORT_NOTE_MAX,
      `Keep it to ${PARKING_REPORT_NOTE_MAX.toLocaleString('en-US')} characters.`,
    )
    .optional(),
  /** A photo the driver uploaded under their own folder, as its download URL. */
  photoUrl: text({ message: 'Upload the photo again.' })
    .trim()
    .min(1, 'Upload the photo again.')
    .max(1000, 'Upload the photo again.')
    .optional(),
  /** `rebook`: the nearest open driveway at no extra cost; `refund`: the whole price back. */
  choice: z.enum(['rebook', 'refund'], { message: 'Choose another driveway or a refund.' }),
});
export type ParkingReportCreateInput = z.infer<typeof parkingReportCreateInput>;

/** The page's form sends an empty note and photo as empty strings. */
export const parkingReportFormInput = parkingReportCreateInput.extend({
  note: parkingReportCreateInput.shape.note.transform((v) => v || undefined),
  photoUrl: z
    .string()
    .trim()
    .max(1000, 'Upload the photo again.')
    .optional()
    .transform((v) => v || undefined),
});

export const parkingReportReplyInput = z.strictObject({
  reportId,
  reply: text()
    .trim()
    .min(1, 'Write your answer.')
    .max(
      PARKING_REPORT_REPLY_MAX,
      `Keep it to ${PARKING_REPORT_REPLY_MAX.toLocaleString('en-US')} characters.`,
    ),
});

export const adminParkingReportReverseInput = z.strictObject({
  reportId,
  reason: text()
    .trim()
    .min(1, 'Give the reason for reversing it; the host and the audit log see it.')
    .max(500, 'Keep it to 500 characters.'),
});

/** An admin reverses a booking's last change (a check-in, or a cancel), with the reason. */
export const adminBookingReversalInput = z.strictObject({
  bookingId: z.uuid({ message: 'Booking id must be a UUID.' }),
  reason: text()
    .trim()
    .min(1, 'Give the reason; the audit log keeps it.')
    .max(500, 'Keep it to 500 characters.'),
});
export type AdminBookingReversalInput = z.infer<typeof adminBookingReversalInput>;
