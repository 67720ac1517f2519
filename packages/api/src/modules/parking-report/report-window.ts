import { formatInZone } from '../notifications/format';
import { bookingStateOf, refusalOf } from '../../shared/booking-states';

/**
 * When a driver can say "I can't park here": while the booking is confirmed (not yet checked in)
 * and its parking window is open. Before the window, the answer says when it opens and what it
 * offers then, so a driver knows in advance that help exists.
 */

export const PARKING_REPORT_ERRORS = {
  notConfirmed: 'This booking is not active any more, so there is nothing to report.',
  outsideWindow:
    'You can report a problem while your parking window is open, from its start to its end.',
  /** Before the window: when help opens, and what it offers then. */
  beforeWindow: (opens: string) =>
    `This opens with your parking window, ${opens}. From then, if you cannot park at the driveway, this pass offers the nearest driveway with a space at no extra cost, or your money back.`,
  noAlternative:
    'No other driveway for this event has a space left. Choose the full refund instead.',
} as const;

/** What `closedReason` reads of a booking. */
export interface ReportableBooking {
  booking: Parameters<typeof bookingStateOf>[0];
  event: { status: string; timeZone: string };
  listing: { availableFrom: Date; availableTo: Date };
}

/** Why the booking cannot be reported now, or null when it can. */
export function closedReason(row: ReportableBooking, now: Date): string | null {
  // The car is parked: the space was usable (an admin can undo a check-in made by mistake).
  if (bookingStateOf(row.booking) === 'checked_in') return refusalOf('report', 'checked_in');
  if (row.booking.status !== 'confirmed' || row.event.status !== 'scheduled') {
    return PARKING_REPORT_ERRORS.notConfirmed;
  }
  if (now < row.listing.availableFrom) {
    return PARKING_REPORT_ERRORS.beforeWindow(
      formatInZone(row.listing.availableFrom, row.event.timeZone),
    );
  }
  if (now > row.listing.availableTo) return PARKING_REPORT_ERRORS.outsideWindow;
  return null;
}
