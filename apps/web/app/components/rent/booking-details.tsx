import { formatUsd } from '@parkside/validators';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { formatEventDate, formatWindowEnd, formatWindowStart } from '~/utils/event-time';

export interface BookingView {
  drivewayTitle: string;
  street: string;
  city: string;
  region: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  accessInstructions: string;
  timeZone: string;
  startsAt: string;
  availableFrom: string;
  availableTo: string;
  priceCents: number;
  licensePlate: string | null;
  vehicleDescription: string | null;
}

/**
 * What a driver needs on the day: where, when, how to get in, and the total; with
 * `messageHref`, a way to write to the host.
 */
export function BookingDetails({
  booking,
  directions: showDirections = true,
  messageHref,
  passFor,
  children,
}: {
  booking: BookingView;
  /** "Get directions": for bookings still ahead, not past or cancelled ones. */
  directions?: boolean;
  messageHref?: string;
  /** The booking's id: links to its parking pass and its calendar file. */
  passFor?: string;
  /** More rows under the total (the receipt's payment lines). */
  children?: ReactNode;
}) {
  const directions = `https://www.google.com/maps/dir/?api=1&destination=${booking.latitude},${booking.longitude}`;
  return (
    // The facts are a definition list; the pass and the links after them are not part of it.
    <div className="grid gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <dl className="grid gap-3">
        <div>
          <dt className="text-sm font-semibold text-slate-600">Address</dt>
          <dd>
            {booking.drivewayTitle}
            <br />
            {booking.street}, {booking.city}, {booking.region} {booking.postalCode}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-600">Time window</dt>
          <dd>
            {formatEventDate(booking.startsAt, booking.timeZone)},{' '}
            {formatWindowStart(booking.availableFrom, booking.startsAt, booking.timeZone)} to{' '}
            {formatWindowEnd(booking.availableFrom, booking.availableTo, booking.timeZone)}
          </dd>
        </div>
        {booking.accessInstructions ? (
          <div>
            <dt className="text-sm font-semibold text-slate-600">Access instructions</dt>
            <dd>{booking.accessInstructions}</dd>
          </div>
        ) : null}
        {booking.licensePlate ? (
          <div>
            <dt className="text-sm font-semibold text-slate-600">Vehicle</dt>
            <dd>
              {booking.vehicleDescription} · {booking.licensePlate}
            </dd>
          </div>
        ) : null}
        <div className="flex items-center justify-between border-t border-slate-200 pt-3">
          <dt className="font-bold">Total</dt>
          <dd className="text-xl font-extrabold">{formatUsd(booking.priceCents)}</dd>
        </div>
        {children}
      </dl>
      {passFor ? (
        <Link
          to={`/bookings/${passFor}/pass`}
          className="bg-ink rounded-xl px-4 py-3 text-center font-bold text-white hover:bg-slate-800"
        >
          Show parking pass
        </Link>
      ) : null}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {showDirections ? (
          <a
            href={directions}
            target="_blank"
            rel="noreferrer"
            className="text-brand-800 font-semibold underline-offset-2 hover:underline"
          >
            Get directions
          </a>
        ) : null}
        {passFor ? (
          <a
            href={`/bookings/${passFor}/pass.ics`}
            className="text-brand-800 font-semibold underline-offset-2 hover:underline"
          >
            Add to calendar
          </a>
        ) : null}
        {messageHref ? (
          <Link
            to={messageHref}
            className="text-brand-800 font-semibold underline-offset-2 hover:underline"
          >
            Message host
          </Link>
        ) : null}
      </div>
    </div>
  );
}
