import { useState } from 'react';
import { ErrorList, Field } from '~/components/forms/field';
import { pinOf } from '~/components/map/location-picker';
import { EventTicks, useEventTicks, type NearEvent } from './event-ticks';

/** The pin as a query, to about 100 m (a pin nudged a little does not ask again). */
function whereOf(position: { latitude: string; longitude: string }) {
  const pin = pinOf(position);
  return pin && `lat=${pin.latitude.toFixed(3)}&lng=${pin.longitude.toFixed(3)}`;
}

/**
 * "More events" on the new driveway's form: the upcoming events around the pin (the distance
 * picker and tick boxes of "List for more events"), with one price for all (the first event's)
 * or each its own. Posted as `also[i].eventId` and `also[i].price` with the rest of the form, so
 * the driveway and all its listings are saved together or not at all.
 */
export function AlsoListFor({
  position,
  firstEventId,
  typedIds,
  typedPrices,
  errors,
}: {
  position: { latitude: string; longitude: string };
  firstEventId: string;
  /** The events ticked before the form was refused. */
  typedIds: string[];
  /** Prices typed before the form was refused, by event. */
  typedPrices: Record<string, string>;
  errors: string[] | undefined;
}) {
  const where = whereOf(position);
  const ticks = useEventTicks('near-new-driveway', where, typedIds);
  const { events, ticked } = ticks;
  const [each, setEach] = useState(Object.keys(typedPrices).length > 0);
  const chosen: NearEvent[] = (events ?? []).filter(
    (e) => ticked.has(e.id) && e.id !== firstEventId,
  );
  const firstPrice = () =>
    (document.getElementById('listing-price') as HTMLInputElement | null)?.value ?? '';
  return (
    <div className="flex flex-col gap-4">
      <ErrorList errors={errors} />
      <EventTicks
        {...ticks}
        leaveOut={firstEventId}
        notYet={where ? undefined : 'Place your driveway above to see the events near it.'}
      />
      {chosen.length > 0 ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-semibold text-slate-800">
            Price for the {chosen.length === 1 ? 'other event' : `${chosen.length} other events`}
          </legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                checked={!each}
                onChange={() => setEach(false)}
                className="accent-brand-700 h-4 w-4"
              />
              The same price as the first event
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                checked={each}
                onChange={() => setEach(true)}
                className="accent-brand-700 h-4 w-4"
              />
              Each its own price
            </label>
          </div>
          {chosen.map((event, i) => (
            <div key={event.id}>
              <input type="hidden" name={`also[${i}].eventId`} value={event.id} />
              {each ? (
                <Field
                  label={`Price for ${event.title} (USD)`}
                  inputProps={{
                    name: `also[${i}].price`,
                    inputMode: 'decimal',
                    defaultValue: typedPrices[event.id] ?? firstPrice(),
                    required: true,
                  }}
                />
              ) : null}
            </div>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
