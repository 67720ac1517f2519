import { text } from './text';
import { z } from './z';

export const REVIEW_BODY_MAX = 1000;

/**
 * The gate code a driver reads to the host (decision 064): 6 characters from an alphabet without
 * look-alikes (no 0/O, 1/I/L). PostgreSQL makes them (`new_gate_code()`, migration 0032).
 */
export const GATE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const GATE_CODE = /^[2-9A-HJKMNP-Z]{6}$/;

/** Whether a normalized code (see `normalizeCheckInCode`) has the shape of a gate code. */
export const isGateCode = (normalized: string) => GATE_CODE.test(normalized);

/** "K7F3QX" as it is read aloud and printed: "K7F 3QX". */
export const spacedGateCode = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/**
 * A pass code as people type it: any case, spaces and dashes, O for 0 and I or L for 1. Shared by
 * the server and the host's phone, which matches typed codes to its saved arrivals offline.
 */
export function normalizeCheckInCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

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

/** What a driver can report at the driveway ("I can't park here"), as the page asks it. */
export const PARKING_PROBLEMS = {
  blocked: 'The space is blocked',
  no_space: 'There is no space left',
  cant_find: "I can't find the driveway",
  unsafe: 'It does not feel safe',
} as const;
export type ParkingProblem = keyof typeof PARKING_PROBLEMS;
export const PARKING_REPORT_NOTE_MAX = 500;
export const PARKING_REPORT_REPLY_MAX = 1000;

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
