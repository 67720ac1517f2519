import { nominatimGeocoder, peliasGeocoder, photonGeocoder } from './adapters';
import type { Geocoder, GeocoderKind } from './types';

export { RESULT_LIMIT } from './adapters';
export {
  GeocoderError,
  type Address,
  type Geocoder,
  type GeocoderFailure,
  type GeocoderKind,
  type LookupOptions,
  type Place,
} from './types';

export const GEOCODER_KINDS = ['photon', 'pelias', 'nominatim'] as const satisfies GeocoderKind[];

/**
 * Photon's public instance, run by komoot on OpenStreetMap data: the address search a site gets
 * when its operator set none. Its operators ask for fair use (no bulk lookups, a clear
 * User-Agent) and for the attribution the forms show.
 */
export const PHOTON_PUBLIC_URL = 'https://photon.komoot.io';

/** The line every address search shows under it: whose search and whose data. */
export const GEOCODER_ATTRIBUTION: Record<GeocoderKind, string> = {
  photon: 'Address search by Photon (komoot), map data © OpenStreetMap contributors',
  pelias: 'Address search by Pelias, data © OpenStreetMap contributors and others',
  nominatim: 'Address search by Nominatim, map data © OpenStreetMap contributors',
};

export interface GeocoderConfig {
  kind: GeocoderKind;
  /** The API's base URL, e.g. https://photon.komoot.io or http://127.0.0.1:2322. */
  url: string;
  /** Pelias: the API key; Nominatim: a contact e-mail, as its policy asks of heavy users. */
  key?: string;
  /** Milliseconds before a lookup is given up. */
  timeoutMs?: number;
  /** Sent as User-Agent: names the application (Nominatim refuses anonymous clients). */
  userAgent?: string;
}

/** The geocoder configured, or null when none is (the forms then take a pin or coordinates). */
export function createGeocoder(config: GeocoderConfig | null): Geocoder | null {
  if (!config) return null;
  const http = {
    timeoutMs: config.timeoutMs ?? 3000,
    userAgent: config.userAgent ?? 'Parkside (parking for events)',
  };
  switch (config.kind) {
    case 'photon':
      return photonGeocoder(config.url, http);
    case 'pelias':
      return peliasGeocoder(config.url, http, config.key);
    case 'nominatim':
      return nominatimGeocoder(config.url, http, config.key);
  }
}
