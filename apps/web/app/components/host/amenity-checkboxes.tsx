import { AMENITY_LABELS, type Amenity } from '@parkside/validators';

const amenities = Object.entries(AMENITY_LABELS) as [Amenity, string][];

export function AmenityCheckboxes({
  selected,
  idPrefix,
}: {
  selected: readonly string[];
  idPrefix: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">Amenities</legend>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {amenities.map(([value, label]) => (
          <label
            key={value}
            htmlFor={`${idPrefix}-amenity-${value}`}
            className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm ring-1 ring-slate-200"
          >
            <input
              id={`${idPrefix}-amenity-${value}`}
              type="checkbox"
              name="amenities"
              value={value}
              defaultChecked={selected.includes(value)}
              className="accent-brand-700 h-5 w-5"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
