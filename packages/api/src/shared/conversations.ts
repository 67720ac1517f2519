/** When a booking's conversation takes messages, for the messages and the bookings lists alike. */
import {
  MESSAGES_OPEN_DAYS_AFTER_EVENT,
  MESSAGES_OPEN_HOURS_AFTER_CANCEL,
} from '@parkside/validators';

const DAY_MS = 24 * 60 * 60 * 1000;

export const CONVERSATION_CLOSED = {
  cancelled: `This booking was cancelled more than ${MESSAGES_OPEN_HOURS_AFTER_CANCEL} hours ago, so its conversation is closed.`,
  over: `This event ended more than ${MESSAGES_OPEN_DAYS_AFTER_EVENT} days ago, so its conversation is closed.`,
} as const;

/**
 * Why a conversation takes no more messages, or null while it does. A cancelled booking's
 * conversation stays open for 48 hours after the cancel, so both sides can follow up.
 */
export function closedReason(
  booking: { status: string; cancelledAt: Date | null; eventEndsAt: Date },
  now = new Date(),
): string | null {
  if (booking.status === 'cancelled') {
    const cancelledAt = booking.cancelledAt?.getTime() ?? 0;
    if (now.getTime() > cancelledAt + MESSAGES_OPEN_HOURS_AFTER_CANCEL * 3_600_000) {
      return CONVERSATION_CLOSED.cancelled;
    }
  }
  if (now.getTime() > booking.eventEndsAt.getTime() + MESSAGES_OPEN_DAYS_AFTER_EVENT * DAY_MS) {
    return CONVERSATION_CLOSED.over;
  }
  return null;
}

/** When a booking's conversation closes by the clock (`closedReason` is null until then). */
export function conversationClosesAt(booking: {
  status: string;
  cancelledAt: Date | null;
  eventEndsAt: Date;
}): Date {
  const over = booking.eventEndsAt.getTime() + MESSAGES_OPEN_DAYS_AFTER_EVENT * DAY_MS;
  if (booking.status !== 'cancelled') return new Date(over);
  const cancelled =
    (booking.cancelledAt?.getTime() ?? 0) + MESSAGES_OPEN_HOURS_AFTER_CANCEL * 3_600_000;
  return new Date(Math.min(over, cancelled));
}

/** Until when a cancelled booking's conversation takes follow-up messages; null otherwise. */
export function followUpOpenUntil(
  booking: { status: string; cancelledAt: Date | null; eventEndsAt: Date },
  now = new Date(),
): Date | null {
  if (booking.status !== 'cancelled' || closedReason(booking, now)) return null;
  return new Date(
    (booking.cancelledAt?.getTime() ?? 0) + MESSAGES_OPEN_HOURS_AFTER_CANCEL * 3_600_000,
  );
}
