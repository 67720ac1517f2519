import { formatUsd } from '@parkside/validators';
import { useId } from 'react';

export interface Day {
  /** YYYY-MM-DD, UTC. */
  day: string;
  bookings: number;
  valueCents: number;
}

const dayLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const label = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/** A round top of the axis at or above `max`: 1, 2, 5, 10, 20, 50… */
function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

const WIDTH = 600;
const HEIGHT = 120;
const GAP = 2;

/** One row of bars, a day each, with its top value marked; the numbers are in the table. */
function Bars({
  days,
  valueOf,
  format,
  title,
  tone,
}: {
  days: Day[];
  valueOf: (day: Day) => number;
  format: (n: number) => string;
  title: string;
  tone: string;
}) {
  const top = niceMax(Math.max(...days.map(valueOf)));
  const barWidth = WIDTH / days.length - GAP;
  return (
    <div>
      <div className="flex items-baseline justify-between text-xs text-slate-600">
        <span className="font-semibold text-slate-700">{title}</span>
        <span>up to {format(top)}</span>
      </div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-1 h-28 w-full"
        aria-hidden="true"
        focusable="false"
      >
        <line x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-slate-300" />
        <line
          x1="0"
          x2={WIDTH}
          y1="0.5"
          y2="0.5"
          className="stroke-slate-200"
          strokeDasharray="4 4"
        />
        {days.map((day, i) => {
          const value = valueOf(day);
          const height = value === 0 ? 0 : Math.max(2, (value / top) * (HEIGHT - 2));
          return (
            <rect
              key={day.day}
              x={i * (barWidth + GAP) + GAP / 2}
              y={HEIGHT - height}
              width={barWidth}
              height={height}
              rx="1.5"
              className={tone}
            >
              <title>{`${label(day.day)}: ${format(value)}`}</title>
            </rect>
          );
        })}
      </svg>
    </div>
  );
}

/**
 * Bookings and booking value per day: two rows of bars a person reads at a glance, summed up in
 * words for screen readers, with every number in a table below.
 */
export function BookingsChart({ days }: { days: Day[] }) {
  const captionId = useId();
  const totalBookings = days.reduce((sum, d) => sum + d.bookings, 0);
  const totalValue = days.reduce((sum, d) => sum + d.valueCents, 0);
  const busiest = days.reduce<Day | null>(
    (best, d) => (d.bookings > (best?.bookings ?? 0) ? d : best),
    null,
  );
  const summary =
    totalBookings === 0
      ? 'No bookings were made in the last 30 days.'
      : `${totalBookings} bookings worth ${formatUsd(totalValue)} in the last 30 days; the busiest day was ${label(busiest!.day)} with ${busiest!.bookings}.`;
  return (
    <figure
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-labelledby={captionId}
    >
      <figcaption id={captionId}>
        <span className="text-ink block font-bold">Bookings per day, last 30 days</span>
        <span className="mt-1 block text-sm text-slate-600">{summary}</span>
      </figcaption>
      {totalBookings === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-600">
          Bars for each day show here once drivers book.
        </p>
      ) : (
        <div role="img" aria-label={summary} className="mt-4 flex flex-col gap-4">
          <Bars
            days={days}
            valueOf={(d) => d.bookings}
            format={(n) => (n === 1 ? '1 booking' : `${n} bookings`)}
            title="Bookings"
            tone="fill-brand-600"
          />
          <Bars
            days={days}
            valueOf={(d) => d.valueCents}
            format={formatUsd}
            title="Booking value"
            tone="fill-amber-500"
          />
          <div className="flex justify-between text-xs text-slate-600" aria-hidden="true">
            <span>{label(days[0]!.day)}</span>
            <span>{label(days.at(-1)!.day)} (UTC days)</span>
          </div>
        </div>
      )}
      <details className="mt-4 text-sm">
        <summary className="text-brand-800 cursor-pointer font-semibold">
          Show the numbers as a table
        </summary>
        <div className="mt-3 max-h-80 overflow-y-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Bookings and booking value per day (UTC)</caption>
            <thead className="sticky top-0 bg-white text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Day
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-semibold">
                  Bookings
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  Value
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 tabular-nums">
              {[...days].reverse().map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="py-1 pr-3 font-normal">
                    <time dateTime={d.day}>{label(d.day)}</time>
                  </th>
                  <td className="py-1 pr-3 text-right">{d.bookings}</td>
                  <td className="py-1 text-right">{formatUsd(d.valueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
