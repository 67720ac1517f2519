import type { BookingSummary } from '@parkside/email';
import { formatUsd } from '@parkside/validators';
import type { BookingWithPeople } from '../../shared/booking-places';
import { formatInZone, formatWindow } from './format';

/** The lines every booking e-mail shows: event, place, window, price, car. */
export function summaryOf({
  booking,
  event,
  driveway,
  listing,
}: BookingWithPeople): BookingSummary {
  return {
    eventTitle: event.title,
    eventStarts: formatInZone(event.startsAt, event.timeZone),
    drivewayTitle: driveway.title,
    address: `${driveway.street}, ${driveway.city}, ${driveway.region} ${driveway.postalCode}`,
    window: formatWindow(listing.availableFrom, listing.availableTo, event.timeZone),
    price: formatUsd(booking.priceCents),
    licensePlate: booking.licensePlate,
    vehicle: booking.vehicleDescription,
  };
}

/** A person's first name, as hosts see drivers on the day. */
export function firstName(name: string | null | undefined, fallback: string): string {
  return (name ?? fallback).split(/\s+/)[0] || fallback;
}
