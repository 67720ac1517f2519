import type * as Leaflet from 'leaflet';
import { useEffect, useRef } from 'react';
import { MapFrame } from './map-frame';
import { useLeafletMap } from './use-leaflet-map';

const round = (value: number) => Math.round(value * 1e6) / 1e6;

function pinIcon(L: typeof Leaflet) {
  return L.divIcon({
    className: '',
    html: '<span class="block h-8 w-8 -translate-y-1/2 rounded-full rounded-br-none rotate-45 border-2 border-white bg-brand-700 shadow-md"></span>',
    iconSize: [32, 32],
    iconAnchor: [16, 32],
  });
}

/**
 * A map with one draggable pin for a driveway's position. Dragging the pin or clicking the map
 * reports the new coordinates; coordinates typed elsewhere (`latitude`/`longitude`) move the
 * pin. Without the map, the coordinate fields do the whole job.
 */
export function PinMap({
  latitude,
  longitude,
  fallbackCenter,
  fallbackZoom = 15,
  subject = 'Driveway',
  onPick,
}: {
  latitude: number | null;
  longitude: number | null;
  /** Where to look when no position is set yet (the event's venue). */
  fallbackCenter: [number, number];
  /** How close the map looks at `fallbackCenter` (a whole country: 4). */
  fallbackZoom?: number;
  /** What the pin marks, for its name and the map's: "Driveway" or "Venue". */
  subject?: 'Driveway' | 'Venue';
  onPick: (latitude: number, longitude: number) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const marker = useRef<Leaflet.Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const hasPosition = latitude !== null && longitude !== null;
  const center: [number, number] = hasPosition ? [latitude, longitude] : fallbackCenter;

  const { status, leaflet } = useLeafletMap(
    container,
    { center, zoom: hasPosition ? 17 : fallbackZoom },
    ({ L, map }) => {
      const pin = L.marker(center, {
        draggable: true,
        icon: pinIcon(L),
        title: `${subject} position: drag to move`,
        alt: `${subject} position`,
        autoPan: true,
      }).addTo(map);
      pin.on('dragend', () => {
        const { lat, lng } = pin.getLatLng();
        pick.current(round(lat), round(lng));
      });
      map.on('click', (event: Leaflet.LeafletMouseEvent) => {
        pin.setLatLng(event.latlng);
        pick.current(round(event.latlng.lat), round(event.latlng.lng));
      });
      marker.current = pin;
    },
  );

  // Typed coordinates (or a new event's venue while nothing is set) move the pin.
  useEffect(() => {
    if (!leaflet || !marker.current) return;
    const target: [number, number] = hasPosition ? [latitude, longitude] : fallbackCenter;
    const current = marker.current.getLatLng();
    if (current.lat === target[0] && current.lng === target[1]) return;
    marker.current.setLatLng(target);
    leaflet.map.panTo(target);
  }, [leaflet, hasPosition, latitude, longitude, fallbackCenter]);

  return (
    <MapFrame
      container={container}
      status={status}
      label={`Map: drag the pin to ${subject === 'Venue' ? 'the venue' : 'your driveway'}`}
      className="h-64 sm:h-80"
      fallback="Use your location, or open “Enter coordinates instead” below."
    />
  );
}
