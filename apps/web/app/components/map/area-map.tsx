import { useRef } from 'react';
import { MapFrame } from './map-frame';
import { useLeafletMap } from './use-leaflet-map';

/**
 * Where a driveway is, roughly: a shaded circle about 150 m across its rounded position, and
 * the venue. The exact spot comes with the booking.
 */
export function AreaMap({
  area,
  venue,
}: {
  area: { latitude: number; longitude: number };
  venue: { name: string; latitude: number; longitude: number };
}) {
  const container = useRef<HTMLDivElement>(null);
  const { status } = useLeafletMap(
    container,
    { center: [area.latitude, area.longitude], zoom: 15 },
    ({ L, map }) => {
      const circle = L.circle([area.latitude, area.longitude], {
        radius: 150,
        color: '#047857',
        weight: 2,
        fillOpacity: 0.2,
      }).addTo(map);
      L.marker([venue.latitude, venue.longitude], {
        title: venue.name,
        alt: venue.name,
        keyboard: false,
        icon: L.divIcon({
          className: '',
          html: '<span class="grid h-9 w-9 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full border-2 border-white bg-brand-700 text-base font-extrabold text-white shadow-md" aria-hidden="true">★</span>',
          iconSize: [0, 0],
        }),
      }).addTo(map);
      map.fitBounds(circle.getBounds().extend([venue.latitude, venue.longitude]), {
        padding: [32, 32],
        maxZoom: 16,
      });
    },
  );
  return (
    <MapFrame
      container={container}
      status={status}
      label={`Map: the driveway's area and ${venue.name}`}
      className="h-56 sm:h-72"
      fallback="The distance and walking time above say how far the venue is."
    />
  );
}
