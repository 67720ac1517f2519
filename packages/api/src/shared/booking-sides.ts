import { AppError, type SessionUser } from '@parkside/core';

/** A booking's two people: its driver and its driveway's host (null once an account is gone). */
interface TwoSides {
  driverId: string | null;
  hostId: string | null;
}

export type BookingSide = 'driver' | 'host';

/** Which of the booking's two people `user` is, or null for anyone else. */
export function sideOf(booking: TwoSides, user: Pick<SessionUser, 'id'>): BookingSide | null {
  return booking.driverId === user.id ? 'driver' : booking.hostId === user.id ? 'host' : null;
}

/** The booking's other person as `user`, one of its two, sees it (null: their account is gone). */
export function otherSideOf(booking: TwoSides, user: Pick<SessionUser, 'id'>): string | null {
  return booking.driverId === user.id ? booking.hostId : booking.driverId;
}

/**
 * The booking and `user`'s side of it. Someone else's booking reads as no booking at all, as
 * every booking procedure answers: its existence is not told to a stranger.
 */
export function bookingSide<T extends TwoSides>(
  booking: T | undefined,
  user: Pick<SessionUser, 'id'>,
  notFound = 'Booking not found.',
): T & { role: BookingSide } {
  const role = booking ? sideOf(booking, user) : null;
  if (!booking || !role) throw new AppError('NOT_FOUND', notFound);
  return { ...booking, role };
}
