import { AMENITY_LABELS, type Amenity } from '@parkside/validators';
import { Form, useSubmit } from '@remix-run/react';
import { useEffect, useRef, type ChangeEvent } from 'react';
import { buttonClasses } from '~/components/ui/button';
import { InputRow, SelectRow } from '~/components/forms/plain-rows';

export interface ListingFilterValues {
  sort: 'price' | 'distance';
  maxPrice: string;
  amenities: Amenity[];
}

/** "Lowest price · up to $25 · 2 amenities": what the folded row says is in force. */
function inForce(values: ListingFilterValues) {
  return [
    values.sort === 'price' ? 'Lowest price' : 'Shortest walk',
    values.maxPrice ? `up to $${values.maxPrice}` : null,
    values.amenities.length
      ? `${values.amenities.length} ${values.amenities.length === 1 ? 'amenity' : 'amenities'}`
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Sort and filter the driveways of an event. The sort and the amenities apply as soon as they
 * change; the maximum price with "Apply" (or Enter). A plain GET form underneath, so without
 * JavaScript "Apply" does it all. On a phone it is one "Filters" row saying what is in force,
 * so the first driveway is on the first screen; from 640 px wide it opens by itself.
 */
export function ListingFilters({
  eventId,
  values,
}: {
  eventId: string;
  values: ListingFilterValues;
}) {
  const submit = useSubmit();
  const fold = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (fold.current && window.matchMedia('(min-width: 640px)').matches) fold.current.open = true;
  }, []);
  const applyNow = (event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) => {
    const form = event.currentTarget.form;
    if (form) submit(form, { replace: true, preventScrollReset: true });
  };
  const form = (
    <Form
      method="get"
      className="grid gap-4 border-t border-slate-200 p-4 sm:grid-cols-[auto_auto_1fr_auto] sm:items-end"
    >
      <input type="hidden" name="event" value={eventId} />
      <SelectRow
        id="rent-sort"
        label="Sort by"
        name="sort"
        defaultValue={values.sort}
        onChange={applyNow}
      >
        <option value="price">Lowest price</option>
        <option value="distance">Shortest walk</option>
      </SelectRow>
      <InputRow
        id="rent-max"
        label="Max price ($)"
        name="max"
        type="number"
        min={1}
        max={1000}
        step={1}
        defaultValue={values.maxPrice}
        className="sm:w-32"
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-semibold text-slate-700">Amenities</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1 pt-1">
          {(Object.keys(AMENITY_LABELS) as Amenity[]).map((a) => (
            <label key={a} className="flex items-center gap-1.5 text-sm text-slate-800">
              <input
                type="checkbox"
                name="amenity"
                value={a}
                defaultChecked={values.amenities.includes(a)}
                onChange={applyNow}
                className="accent-brand-700 h-4 w-4"
              />
              {AMENITY_LABELS[a]}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className={buttonClasses()}>
        Apply
      </button>
    </Form>
  );
  return (
    <details ref={fold} className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-4 py-3">
        <span className="text-sm">
          <span className="font-semibold text-slate-800">Filters</span>{' '}
          <span className="text-slate-600">· {inForce(values)}</span>
        </span>
        <span
          aria-hidden="true"
          className="text-brand-800 text-xl transition-transform group-open:rotate-90"
        >
          ›
        </span>
      </summary>
      {form}
    </details>
  );
}
