import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { formatEventStart } from '~/utils/event-time';

export interface NearEvent {
  id: string;
  title: string;
  venueName: string;
  startsAt: string;
  timeZone: string;
  miles: number;
}

const DISTANCES = [1, 2, 5, 10];

/** The events by venue, in the order they come (soonest first). */
function byVenue(events: NearEvent[]) {
  const groups = new Map<string, NearEvent[]>();
  for (const event of events)
    groups.set(event.venueName, [...(groups.get(event.venueName) ?? []), event]);
  return [...groups.entries()];
}

/**
 * What `EventTicks` shows and changes: the events near a driveway (`?driveway=`) or a pin
 * (`?lat=&lng=`) within the distance picked, loaded once `where` is set (the form is seen, the
 * pin placed), and which of them are ticked (`initial` first: those ticked before a refused form).
 */
export function useEventTicks(key: string, where: string | null, initial: readonly string[]) {
  const [miles, onMiles] = useState(2);
  const fetcher = useFetcher<{ events: NearEvent[] | null }>({ key });
  const { load } = fetcher;
  useEffect(() => {
    if (where) load(`/events-near?${where}&miles=${miles}`);
  }, [where, miles, load]);
  const [ticked, setTicked] = useState(() => new Set(initial));
  // Ticks or unticks several at once (a venue's season).
  const toggle = (ids: string[], on: boolean) =>
    setTicked((before) => {
      const next = new Set(before);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const loading = fetcher.state !== 'idle';
  return { events: fetcher.data?.events, loading, miles, onMiles, ticked, toggle };
}

/**
 * "Upcoming events within [2 miles]" and the events found, by venue (a whole venue's season
 * ticked at once). The tick boxes post `name` with each event's id.
 */
export function EventTicks({
  events,
  loading,
  miles,
  onMiles,
  ticked,
  toggle,
  name,
  leaveOut,
  notYet,
}: {
  events: NearEvent[] | null | undefined;
  loading: boolean;
  miles: number;
  onMiles: (miles: number) => void;
  ticked: Set<string>;
  toggle: (ids: string[], on: boolean) => void;
  /** The tick boxes' name; none (the caller posts the ids itself) when undefined. */
  name?: string;
  /** An event not offered here (the one the form already lists). */
  leaveOut?: string;
  /** What to say before the events can be found (no pin yet). */
  notYet?: string;
}) {
  const shown = events?.filter((e) => e.id !== leaveOut);
  return (
    <>
      <label className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-800">
        Upcoming events within
        <select
          value={miles}
          onChange={(event) => onMiles(Number(event.target.value))}
          className="h-9 rounded-lg border border-slate-300 bg-white px-2"
        >
          {DISTANCES.map((d) => (
            <option key={d} value={d}>
              {d} {d === 1 ? 'mile' : 'miles'}
            </option>
          ))}
        </select>
        of this driveway
      </label>
      {notYet ? (
        <p className="text-sm text-slate-600">{notYet}</p>
      ) : shown === undefined || (loading && !shown) ? (
        <p className="text-sm text-slate-600">Finding events…</p>
      ) : !shown || shown.length === 0 ? (
        <p className="text-sm text-slate-600">
          No other upcoming events within {miles} {miles === 1 ? 'mile' : 'miles'}. Try a larger
          distance.
        </p>
      ) : (
        byVenue(shown).map(([venue, list]) => {
          const ids = list.map((e) => e.id);
          const all = ids.every((id) => ticked.has(id));
          return (
            <fieldset key={venue} className="flex flex-col gap-1.5 rounded-lg bg-slate-50 p-3">
              <legend className="px-1 text-sm font-bold">
                {venue} · {list[0]!.miles.toFixed(1)} mi
              </legend>
              {list.length > 1 ? (
                <label className="flex items-center gap-2 text-sm font-semibold">
                  <input
                    type="checkbox"
                    checked={all}
                    onChange={(event) => toggle(ids, event.target.checked)}
                    className="accent-brand-700 h-4 w-4"
                  />
                  All {list.length} at {venue}
                </label>
              ) : null}
              {list.map((event) => (
                <label
                  key={event.id}
                  className={`flex items-start gap-2 text-sm ${list.length > 1 ? 'pl-6' : ''}`}
                >
                  <input
                    type="checkbox"
                    name={name}
                    value={event.id}
                    checked={ticked.has(event.id)}
                    onChange={(change) => toggle([event.id], change.target.checked)}
                    className="accent-brand-700 mt-0.5 h-4 w-4"
                  />
                  <span>
                    {event.title}
                    <span className="block text-slate-600">
                      {formatEventStart(event.startsAt, event.timeZone)}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          );
        })
      )}
    </>
  );
}
