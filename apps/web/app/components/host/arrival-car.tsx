import { Form } from '@remix-run/react';
import { SubmitButton } from '~/components/forms/submit-button';
import type { Arrivals } from '~/offline/use-check-ins';
import { formatEventTime, formatWindowEnd } from '~/utils/event-time';

type Car = Arrivals[number]['cars'][number];

/**
 * One expected car: its plate, vehicle and window, and "Check in" on the day. A check-in made
 * with no signal shows as waiting to be sent.
 */
export function ArrivalCar({
  car,
  timeZone,
  today,
  queued,
  onCheckIn,
  busy,
}: {
  car: Car;
  timeZone: string;
  today: boolean;
  queued: boolean;
  /** In the browser: checks in through the phone (works with no signal). */
  onCheckIn: (() => void) | null;
  busy: boolean;
}) {
  return (
    <li
      aria-label={`Car ${car.licensePlate ?? 'without a plate'}`}
      className="flex flex-wrap items-center justify-between gap-3 py-3"
    >
      <div>
        <p className="font-mono text-xl font-black tracking-wider">
          {car.licensePlate ?? 'No plate given'}
        </p>
        <p className="text-sm text-slate-700">
          {[car.vehicleDescription, car.driverFirstName].filter(Boolean).join(' · ')}
          {' · '}
          {formatEventTime(car.availableFrom, timeZone)} –{' '}
          {formatWindowEnd(car.availableFrom, car.availableTo, timeZone)}
        </p>
      </div>
      {car.checkedInAt ? (
        <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-bold text-emerald-900">
          Checked in {formatEventTime(car.checkedInAt, timeZone)}
        </span>
      ) : queued ? (
        <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-bold text-amber-950">
          Checked in · not sent yet
        </span>
      ) : today ? (
        <Form
          method="post"
          onSubmit={(event) => {
            if (!onCheckIn) return;
            event.preventDefault();
            onCheckIn();
          }}
        >
          <input type="hidden" name="intent" value="check-in" />
          <input type="hidden" name="bookingId" value={car.bookingId} />
          <SubmitButton variant="secondary" pendingText="Checking in…" disabled={busy}>
            Check in<span className="sr-only"> {car.licensePlate}</span>
          </SubmitButton>
        </Form>
      ) : (
        <span className="text-sm text-slate-600">Expected tomorrow</span>
      )}
    </li>
  );
}
