import { useRef } from 'react';
import { MapFrame } from './map-frame';
import { addVenueMarker, type Venue } from './venue-marker';
import { useLeafletMap } from './use-leaflet-map';

/**
 * Where a driveway is, roughly: a shaded circle about 150 m across its rounded position, and
 * the venue. The exact spot comes with the booking.
 */
export function AreaMap({
  area,
  venue,
  radiusMeters = 150,
  label = `Map: the driveway's area and ${venue.name}`,
  fallback = 'The distance and walking time above say how far the venue is.',
}: {
  area: { latitude: number; longitude: number };
  venue: Venue;
  /** How wide the shaded circle is: small where the exact spot may be shown (admins). */
  radiusMeters?: number;
  label?: string;
  fallback?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const { status } = useLeafletMap(
    container,
    { center: [area.latitude, area.longitude], zoom: 15 },
    ({ L, map }) => {
      const circle = L.circle([area.latitude, area.longitude], {
        radius: radiusMeters,
        color: '#047857',
        weight: 2,
        fillOpacity: 0.2,
      }).addTo(map);
      addVenueMarker(L, map, venue);
      map.fitBounds(circle.getBounds().extend([venue.latitude, venue.longitude]), {
        padding: [32, 32],
        maxZoom: 16,
      });
    },
    // Low on the driveway page: loaded when the driver scrolls near it.
    { whenNear: true },
  );
  return (
    <MapFrame
      container={container}
      status={status}
      label={label}
      className="h-56 sm:h-72"
      fallback={fallback}
    />
  );
}
