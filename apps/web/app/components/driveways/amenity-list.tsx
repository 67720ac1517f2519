import { AMENITY_LABELS, type Amenity } from '@parkside/validators';

/** A driveway's amenities as small chips; nothing when it has none. */
export function AmenityList({ amenities }: { amenities: Amenity[] }) {
  if (amenities.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Amenities">
      {amenities.map((a) => (
        <li
          key={a}
          className="bg-brand-50 text-brand-800 rounded-full px-2.5 py-0.5 text-xs font-semibold"
        >
          {AMENITY_LABELS[a]}
        </li>
      ))}
    </ul>
  );
}
