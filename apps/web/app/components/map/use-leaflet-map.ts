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

/**
 * Creates a Leaflet map in `container` once Leaflet has loaded, with OpenStreetMap tiles, and
 * removes it on unmount. `setup` runs once with the new map (add layers there).
 */
export function useLeafletMap(
  container: RefObject<HTMLDivElement>,
  view: { center: [number, number]; zoom: number },
  setup: (leaflet: LeafletMap) => void,
) {
  const [status, setStatus] = useState<MapStatus>('loading');
  const [leaflet, setLeaflet] = useState<LeafletMap | null>(null);
  const first = useRef({ view, setup });

  useEffect(() => {
    let cancelled = false;
    let created: Leaflet.Map | null = null;
    loadLeaflet()
      .then((L) => {
        if (cancelled || !container.current) return;
        const map = L.map(container.current, { scrollWheelZoom: false }).setView(
          first.current.view.center,
          first.current.view.zoom,
        );
        created = map;
        let loaded = 0;
        let failed = 0;
        L.tileLayer(TILE_URL, { maxZoom: 19, attribution: TILE_ATTRIBUTION })
          .on('tileload', () => {
            loaded += 1;
            setStatus('ready');
          })
          .on('tileerror', () => {
            failed += 1;
            if (loaded === 0 && failed >= 1) setStatus('no-tiles');
          })
          .addTo(map);
        first.current.setup({ L, map });
        setLeaflet({ L, map });
        // The map and its pins work before (or without) the tiles: the loading text goes now;
        // tiles that fail later say so below the map.
        setStatus((current) => (current === 'loading' ? 'ready' : current));
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      created?.remove();
    };
  }, [container]);

  return { status, leaflet };
}
