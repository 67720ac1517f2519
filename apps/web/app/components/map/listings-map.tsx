import { formatUsd } from '@parkside/validators';
import type * as Leaflet from 'leaflet';
import { useEffect, useRef } from 'react';
import { MapFrame } from './map-frame';
import { addVenueMarker, type Venue } from './venue-marker';
import { useLeafletMap } from './use-leaflet-map';

export interface MapListing {
  id: string;
  title: string;
  priceCents: number;
  latitude: number;
  longitude: number;
  spacesLeft: number;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function pricePin(L: typeof Leaflet, listing: MapListing, selected: boolean) {
  const tone = selected
    ? 'bg-ink text-white ring-2 ring-white'
    : listing.spacesLeft === 0
      ? 'bg-slate-200 text-slate-600 ring-1 ring-slate-400'
      : 'bg-white text-ink ring-1 ring-slate-400';
  return L.divIcon({
    className: '',
    html: `<span class="inline-block -translate-x-1/2 -translate-y-full whitespace-nowrap rounded-full px-2 py-0.5 text-sm font-bold shadow-md ${tone}">${escapeHtml(formatUsd(listing.priceCents))}</span>`,
    iconSize: [0, 0],
  });
}

/**
 * The venue and a price pin per listing, at the approximate positions the list shows. Clicking
 * a pin selects its listing (the page highlights and scrolls to the card).
 */
export function ListingsMap({
  venue,
  listings,
  selectedId,
  onSelect,
}: {
  venue: Venue;
  listings: MapListing[];
  selectedId: string | null;
  onSelect: (listingId: string) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const select = useRef(onSelect);
  select.current = onSelect;
  const pins = useRef(new Map<string, Leaflet.Marker>());

  const { status, leaflet } = useLeafletMap(
    container,
    { center: [venue.latitude, venue.longitude], zoom: 15 },
    ({ L, map }) => {
      addVenueMarker(L, map, venue);
    },
  );

  // One pin per listing; redrawn when the list (filters, sort) or the selection changes.
  useEffect(() => {
    if (!leaflet) return;
    const { L, map } = leaflet;
    for (const pin of pins.current.values()) pin.remove();
    pins.current.clear();
    for (const listing of listings) {
      const selected = listing.id === selectedId;
      const pin = L.marker([listing.latitude, listing.longitude], {
        icon: pricePin(L, listing, selected),
        title: `${listing.title}, ${formatUsd(listing.priceCents)}`,
        alt: `${listing.title}, ${formatUsd(listing.priceCents)}`,
        riseOnHover: true,
        zIndexOffset: selected ? 1000 : 0,
      })
        .on('click', () => select.current(listing.id))
        // The pin opens a card that leads to the driveway's page.
        .bindPopup(
          `<a href="/rent/${encodeURIComponent(listing.id)}" class="font-semibold text-brand-800 underline">${escapeHtml(listing.title)}</a><br>${escapeHtml(formatUsd(listing.priceCents))} · ${listing.spacesLeft === 0 ? 'sold out' : `${listing.spacesLeft} left`}`,
        )
        .addTo(map);
      pins.current.set(listing.id, pin);
    }
  }, [leaflet, listings, selectedId]);

  // Show the venue and every listing.
  const bounds = listings.map((l) => `${l.latitude},${l.longitude}`).join(';');
  useEffect(() => {
    if (!leaflet || !bounds) return;
    const points: [number, number][] = [
      [venue.latitude, venue.longitude],
      ...bounds.split(';').map((p) => p.split(',').map(Number) as [number, number]),
    ];
    leaflet.map.fitBounds(points, { padding: [36, 36], maxZoom: 16 });
  }, [leaflet, bounds, venue.latitude, venue.longitude]);

  return (
    <MapFrame
      container={container}
      status={status}
      label={`Map of driveways near ${venue.name}`}
      className="h-44 sm:h-80"
      fallback="The list below has every driveway with its distance to the venue."
    />
  );
}
