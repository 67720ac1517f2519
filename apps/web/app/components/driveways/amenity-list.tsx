import { AMENITY_LABELS, type Amenity } from '@parkside/validators';
import { ChipList } from '~/components/ui/chip-list';

/** A driveway's amenities as small chips; nothing when it has none. */
export function AmenityList({ amenities }: { amenities: Amenity[] }) {
  return (
    <ChipList
      label="Amenities"
      items={amenities.map((a) => AMENITY_LABELS[a])}
      tone="brand"
      className="mt-2"
    />
  );
}
