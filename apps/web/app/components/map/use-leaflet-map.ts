import type * as Leaflet from 'leaflet';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { loadLeaflet, TILE_ATTRIBUTION, TILE_URL, type LeafletModule } from './load-leaflet';

/**
 * loading: Leaflet is on its way; ready: the map shows; no-tiles: the map works but its tiles
 * did not load (offline, blocked); failed: Leaflet itself did not load.
 */
export type MapStatus = 'loading' | 'ready' | 'no-tiles' | 'failed';

export interface LeafletMap {
  L: LeafletModule;
  map: Leaflet.Map;
}

/** How close to the screen a map that waits (`whenNear`) starts loading Leaflet. */
const NEAR_MARGIN = '400px';

/**
 * Creates a Leaflet map in `container` once Leaflet has loaded, with OpenStreetMap tiles, and
 * removes it on unmount. `setup` runs once with the new map (add layers there). With `whenNear`
 * Leaflet loads only once the map is within 400 px of the screen: a map low on a phone's page
 * costs nothing to someone who never scrolls to it, and its script does not hold up the page.
 */
export function useLeafletMap(
  container: RefObject<HTMLDivElement>,
  view: { center: [number, number]; zoom: number },
  setup: (leaflet: LeafletMap) => void,
  { whenNear = false }: { whenNear?: boolean } = {},
) {
  const [status, setStatus] = useState<MapStatus>('loading');
  const [leaflet, setLeaflet] = useState<LeafletMap | null>(null);
  const first = useRef({ view, setup, whenNear });

  useEffect(() => {
    let cancelled = false;
    let created: Leaflet.Map | null = null;
    const start = () =>
      loadLeaflet()
        .then((L) => {
          if (cancelled || !container.current) return;
          created = createMap(L, container.current, first.current, setStatus);
          setLeaflet({ L, map: created });
        })
        .catch(() => {
          if (!cancelled) setStatus('failed');
        });
    const element = container.current;
    let observer: IntersectionObserver | undefined;
    if (first.current.whenNear && element && 'IntersectionObserver' in window) {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer?.disconnect();
          void start();
        },
        { rootMargin: NEAR_MARGIN },
      );
      observer.observe(element);
    } else {
      void start();
    }
    return () => {
      cancelled = true;
      observer?.disconnect();
      created?.remove();
    };
  }, [container]);

  return { status, leaflet };
}

/** The map itself: its view, the tiles (reporting how they load) and the caller's layers. */
function createMap(
  L: LeafletModule,
  element: HTMLDivElement,
  {
    view,
    setup,
  }: { view: { center: [number, number]; zoom: number }; setup: (leaflet: LeafletMap) => void },
  setStatus: (update: (current: MapStatus) => MapStatus) => void,
): Leaflet.Map {
  const map = L.map(element, { scrollWheelZoom: false }).setView(view.center, view.zoom);
  let loaded = 0;
  L.tileLayer(TILE_URL, { maxZoom: 19, attribution: TILE_ATTRIBUTION })
    .on('tileload', () => {
      loaded += 1;
      setStatus(() => 'ready');
    })
    .on('tileerror', () => {
      if (loaded === 0) setStatus(() => 'no-tiles');
    })
    .addTo(map);
  setup({ L, map });
  // The map and its pins work before (or without) the tiles: the loading text goes now; tiles
  // that fail later say so below the map.
  setStatus((current) => (current === 'loading' ? 'ready' : current));
  return map;
}
