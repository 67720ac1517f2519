import type * as Leaflet from 'leaflet';

export type LeafletModule = typeof Leaflet;

/** OpenStreetMap's standard tiles; the CSP allows this host in img-src (server/security.ts). */
export const TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

let loading: Promise<LeafletModule> | null = null;

/**
 * Leaflet and its stylesheet, fetched the first time a page shows a map (in the browser only:
 * call it from an effect). Pages without a map never download either. A failed download is
 * forgotten, so the next map tries again.
 */
export function loadLeaflet(): Promise<LeafletModule> {
  loading ??= Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')])
    .then(
      ([module]) => ((module as { default?: LeafletModule }).default ?? module) as LeafletModule,
    )
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
