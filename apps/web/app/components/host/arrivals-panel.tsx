import { useState } from 'react';
import { inputClass } from '~/components/forms/field';
import { useCheckIns, type Arrivals } from '~/offline/use-check-ins';
import { useHydrated } from '~/utils/use-hydrated';
import { ArrivalCar } from './arrival-car';
import { CheckInByCode } from './check-in-by-code';

export type { Arrivals };

/**
 * Game day for a host: the cars expected today and tomorrow on their driveways, found by plate,
 * checked in with a button, by scanning the driver's pass or by typing its code. In the browser
 * check-ins work with no signal too (decision 042); without JavaScript the forms post as usual.
 */
export function ArrivalsPanel({
  arrivals,
  checkInError,
  typedCode,
  heading: Heading = 'h2',
}: {
  arrivals: Arrivals;
  checkInError?: string;
  typedCode?: string;
  heading?: 'h1' | 'h2';
}) {
  const [plate, setPlate] = useState('');
  const hydrated = useHydrated();
  const checkIns = useCheckIns(arrivals);
  const needle = plate.replace(/[\s-]/g, '').toUpperCase();
  const anyToday = arrivals.some((group) => group.day === 'today');
  return (
    <section
      aria-labelledby="arrivals-heading"
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <Heading
        id="arrivals-heading"
        className={
          Heading === 'h1' ? 'text-3xl font-extrabold tracking-tight' : 'text-xl font-bold'
        }
      >
        Arrivals
      </Heading>
      <p className="mt-1 text-slate-700">
        The cars booked on your driveways today and tomorrow. Check each one in as it arrives.
      </p>

      {anyToday ? (
        <CheckInByCode
          checkIns={hydrated ? checkIns : null}
          checkInError={checkInError}
          typedCode={typedCode}
        />
      ) : null}

      {checkIns.conflicts.length > 0 ? (
        <div
          role="alert"
          className="mt-4 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200"
        >
          <p className="font-bold">Not checked in after all:</p>
          <ul className="mt-1 list-disc pl-5">
            {checkIns.conflicts.map((conflict) => (
              <li key={conflict}>{conflict}</li>
            ))}
          </ul>
          <button
            type="button"
            onClick={checkIns.dismissConflicts}
            className="mt-2 text-sm font-semibold underline"
          >
            Got it
          </button>
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
                      queued={checkIns.queued.has(car.bookingId)}
                      onCheckIn={
                        hydrated ? () => void checkIns.checkIn({ bookingId: car.bookingId }) : null
                      }
                      busy={checkIns.busy}
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
