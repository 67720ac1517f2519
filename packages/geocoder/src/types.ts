/** A postal address and its pin: a place found, a venue, a driveway. */
export interface Address {
  /** House number and street, e.g. "1700 N Canyon Rd"; empty when the answer has none. */
  street: string;
  city: string;
  /** The state as its postal abbreviation in the US ("UT"), else the region's name. */
  region: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, upper case ("US"); empty when unknown. */
  country: string;
  latitude: number;
  longitude: number;
}

/** One address a geocoder found: what the address fields and the pin are filled with. */
export interface Place extends Address {
  /** The whole address on one line, as the suggestion list shows it. */
  label: string;
}

export type GeocoderKind = 'photon' | 'pelias' | 'nominatim';

export interface LookupOptions {
  /** Results near this point first (suggestions), where the provider supports it. */
  near?: { latitude: number; longitude: number };
  /** Stops the request when the caller no longer needs it. */
  signal?: AbortSignal;
}

/**
 * An address provider. `suggest` is for search-as-you-type and only exists where the provider
 * allows it (Nominatim's usage policy forbids it: it offers `search` and `reverse` only).
 */
export interface Geocoder {
  kind: GeocoderKind;
  /** How many requests a second the provider accepts from us (null: no stated limit). */
  requestsPerSecond: number | null;
  suggest: ((query: string, options?: LookupOptions) => Promise<Place[]>) | null;
  search(query: string, options?: LookupOptions): Promise<Place[]>;
  /** The address at a point (a dropped pin), or null when there is none. */
  reverse(latitude: number, longitude: number, options?: LookupOptions): Promise<Place | null>;
}

/** Why a lookup failed; the message is for logs, never for people. */
export type GeocoderFailure = 'timeout' | 'unavailable' | 'rate_limited' | 'bad_answer';

export class GeocoderError extends Error {
  constructor(
    readonly reason: GeocoderFailure,
    message: string,
  ) {
    super(message);
    this.name = 'GeocoderError';
  }
}
