import type { ApiCaller } from '@parkside/api';
import { Form, useSubmit } from '@remix-run/react';
import { useRef, useState } from 'react';
import { SubmitButton } from '~/components/forms/submit-button';
import { inputClass } from '~/components/forms/field';
import { formatEventTime, formatWindowEnd } from '~/utils/event-time';
import { useHydrated } from '~/utils/use-hydrated';
import { PassScanner } from './pass-scanner';

export type Arrivals = Awaited<ReturnType<ApiCaller['pass']['arrivals']>>;

/**
 * Game day for a host: the cars expected today and tomorrow on their driveways, found by plate,
 * checked in with a button, by scanning the driver's pass or by typing its code.
 */
export function ArrivalsPanel({
  arrivals,
  checkInError,
  typedCode,
}: {
  arrivals: Arrivals;
  checkInError?: string;
  typedCode?: string;
}) {
  const [plate, setPlate] = useState('');
  const hydrated = useHydrated();
  const submit = useSubmit();
  const codeForm = useRef<HTMLFormElement>(null);
  const needle = plate.replace(/[\s-]/g, '').toUpperCase();
  const anyToday = arrivals.some((group) => group.day === 'today');
  // A new form after each check-in: the code typed for the last car is gone.
  const checkedIn = arrivals.flatMap((g) => g.cars).filter((car) => car.checkedInAt).length;
  return (
    <section
      aria-labelledby="arrivals-heading"
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="arrivals-heading" className="text-xl font-bold">
        Arrivals
      </h2>
      <p className="mt-1 text-slate-700">
        The cars booked on your driveways today and tomorrow. Check each one in as it arrives.
      </p>

      {anyToday ? (
        <div className="mt-4 grid gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <Form key={checkedIn} ref={codeForm} method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="check-in-code" />
            <label htmlFor="pass-code" className="font-semibold">
              Pass code
            </label>
            <div className="flex flex-wrap gap-2">
              <input
                id="pass-code"
                name="code"
                defaultValue={typedCode}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={80}
                aria-describedby="pass-code-hint"
                aria-invalid={checkInError ? true : undefined}
                className={`${inputClass} min-w-0 flex-1 font-mono uppercase`}
              />
              <SubmitButton pendingText="Checking…">Check in</SubmitButton>
            </div>
            <p id="pass-code-hint" className="text-sm text-slate-600">
              The code under the QR on the driver’s pass.
            </p>
            {checkInError ? (
              <p role="alert" className="text-sm font-semibold text-red-700">
                {checkInError}
              </p>
            ) : null}
          </Form>
          {hydrated ? (
            <PassScanner
              onCode={(code) => {
                const form = new FormData();
                form.set('intent', 'check-in-code');
                form.set('code', code);
                submit(form, { method: 'post' });
              }}
            />
          ) : null}
        </div>
      ) : null}

      {arrivals.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-slate-600">
          No cars booked for today or tomorrow.
        </p>
      ) : (
        <>
          <label htmlFor="plate-search" className="mt-4 block font-semibold">
            Find a car by plate
          </label>
          <input
            id="plate-search"
            type="search"
            value={plate}
            onChange={(event) => setPlate(event.target.value)}
            autoComplete="off"
            placeholder="e.g. 7KDW219"
            className={`${inputClass} mt-1 w-full font-mono uppercase placeholder:normal-case`}
          />
          {arrivals.map((group) => {
            const cars = group.cars.filter(
              (car) => !needle || (car.licensePlate ?? '').replace(/[\s-]/g, '').includes(needle),
            );
            return (
              <div key={group.eventId} className="mt-5">
                <h3 className="font-bold">
                  {group.eventTitle}{' '}
                  <span className="font-normal text-slate-600">
                    · {group.day === 'today' ? 'Today' : 'Tomorrow'}, {group.dayLabel}
                  </span>
                </h3>
                <ul
                  className="mt-2 divide-y divide-slate-200"
                  aria-label={`Cars for ${group.eventTitle}`}
                >
                  {cars.map((car) => (
                    <ArrivalCar
                      key={car.bookingId}
                      car={car}
                      timeZone={group.timeZone}
                      today={group.day === 'today'}
                    />
                  ))}
                  {cars.length === 0 ? (
                    <li className="py-3 text-slate-600">No car with that plate.</li>
                  ) : null}
                </ul>
              </div>
            );
          })}
        </>
      )}
    </section>
  );
}

type ArrivalGroup = Arrivals[number];

/** One expected car: its plate, vehicle and window, and "Check in" on the day. */
function ArrivalCar({
  car,
  timeZone,
  today,
}: {
  car: ArrivalGroup['cars'][number];
  timeZone: string;
  today: boolean;
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
      ) : today ? (
        <Form method="post">
          <input type="hidden" name="intent" value="check-in" />
          <input type="hidden" name="bookingId" value={car.bookingId} />
          <SubmitButton variant="secondary" pendingText="Checking in…">
            Check in<span className="sr-only"> {car.licensePlate}</span>
          </SubmitButton>
        </Form>
      ) : (
        <span className="text-sm text-slate-600">Expected tomorrow</span>
      )}
    </li>
  );
}
