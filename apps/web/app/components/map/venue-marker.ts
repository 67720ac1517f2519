import type * as Leaflet from 'leaflet';

export interface Venue {
  name: string;
  latitude: number;
  longitude: number;
}

/** The venue's star on a map, under the driveways' pins; named for screen readers. */
export function addVenueMarker(L: typeof Leaflet, map: Leaflet.Map, venue: Venue) {
  return L.marker([venue.latitude, venue.longitude], {
    title: venue.name,
    alt: venue.name,
    keyboard: false,
    icon: L.divIcon({
      className: '',
      html: '<span class="grid h-9 w-9 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full border-2 border-white bg-brand-700 text-base font-extrabold text-white shadow-md" aria-hidden="true">★</span>',
      iconSize: [0, 0],
    }),
    zIndexOffset: -100,
  }).addTo(map);
}
