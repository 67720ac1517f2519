import { Form, useFetcher } from '@remix-run/react';
import type { MoneyTerms } from '@parkside/validators';
import { useEffect, useState } from 'react';
import { useSeen } from '~/components/ui/use-seen';
import { FormError } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';
import { formatEventStart } from '~/utils/event-time';
import { formState, type HostFormFailure } from './form-state';
import { Disclosure } from './host-forms';
import { PlateRequiredField, PriceField, SpacesField } from './listing-term-fields';
import type { HostDriveway } from './types';

interface NearEvent {
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

/** Loads the events near the driveway once the disclosure is opened (its content is seen). */
function useEventsNear(drivewayId: string, miles: number) {
  const fetcher = useFetcher<{ events: NearEvent[] | null }>({ key: `near-${drivewayId}` });
  const { load } = fetcher;
  const { ref: sentinel, seen } = useSeen<HTMLDivElement>();
  useEffect(() => {
    if (seen) load(`/events-near?driveway=${drivewayId}&miles=${miles}`);
  }, [seen, drivewayId, miles, load]);
  return { sentinel, events: fetcher.data?.events, loading: fetcher.state !== 'idle' };
}

/**
 * "List for more events": the upcoming events within a chosen distance of the driveway, by
 * venue (a whole venue's season ticked at once), one price, spaces and plate rule for all, listed
 * in one go (all or none).
 */
export function MoreEventsForm({
  driveway,
  terms,
  failure,
}: {
  driveway: HostDriveway;
  terms: MoneyTerms;
  failure?: HostFormFailure;
}) {
  const state = formState(failure, 'add-listings', driveway.id);
  const prefix = `more-${driveway.id}`;
  const [miles, setMiles] = useState(2);
  const { sentinel, events, loading } = useEventsNear(driveway.id, miles);
  const [ticked, setTicked] = useState(() => new Set(state.values('eventIds', [])));
  const toggle = (ids: string[], on: boolean) =>
    setTicked((before) => {
      const next = new Set(before);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  return (
    <Disclosure summary="List for more events" open={state.failed}>
      <Form method="post" className="flex flex-col gap-4">
        <div ref={sentinel} />
        <FormError errors={state.formErrors ?? state.errors('eventIds')} />
        <input type="hidden" name="drivewayId" value={driveway.id} />
        <label className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-800">
          Upcoming events within
          <select
            value={miles}
            onChange={(event) => setMiles(Number(event.target.value))}
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
        {events === undefined || (loading && !events) ? (
          <p className="text-sm text-slate-600">Finding events…</p>
        ) : !events || events.length === 0 ? (
          <p className="text-sm text-slate-600">
            No other upcoming events within {miles} {miles === 1 ? 'mile' : 'miles'}. Try a larger
            distance.
          </p>
        ) : (
          byVenue(events).map(([venue, list]) => {
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
                      name="eventIds"
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
        <PriceField
          idPrefix={prefix}
          terms={terms}
          defaultValue={state.value('price', '20')}
          errors={state.errors('price')}
        />
        <SpacesField
          idPrefix={prefix}
          max={driveway.capacity}
          hint={`This driveway holds ${driveway.capacity}. Each event's window runs from an hour before it starts to an hour after it ends.`}
          defaultValue={state.value('spacesOffered', driveway.capacity)}
          errors={state.errors('spacesOffered')}
        />
        <PlateRequiredField idPrefix={prefix} defaultChecked />
        <SubmitButton
          name="intent"
          value="add-listings"
          pendingText="Listing…"
          disabled={ticked.size === 0}
          className="self-start"
        >
          {ticked.size === 0
            ? 'Tick the events to list'
            : `List for ${ticked.size} ${ticked.size === 1 ? 'event' : 'events'}`}
        </SubmitButton>
      </Form>
    </Disclosure>
  );
}
