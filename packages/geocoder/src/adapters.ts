import { z } from 'zod';
import { endpoint, getJson, type HttpOptions } from './http';
import type { Geocoder, LookupOptions, Place } from './types';
import { regionOf } from './us-states';

/** How many suggestions or search results are asked for. */
export const RESULT_LIMIT = 5;

const text = z.string().optional();
const point = z.object({ coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) });

function streetOf(houseNumber: string | undefined, street: string | undefined) {
  return [houseNumber, street].filter(Boolean).join(' ');
}

function labelOf(parts: (string | undefined)[]) {
  return parts.filter((part) => part && part.trim()).join(', ');
}

/** A GeoJSON FeatureCollection of points with `properties` (Photon and Pelias answer so). */
const featureCollection = <P extends z.ZodRawShape>(properties: P) =>
  z.object({ features: z.array(z.object({ geometry: point, properties: z.object(properties) })) });

/** One place from a point feature, once each provider's names are mapped to ours. */
function placeOf(
  coordinates: number[],
  found: { label?: string; houseNumber?: string; street?: string; name?: string; city: string },
  region: string,
  postalCode: string | undefined,
  country: string,
): Place {
  const street = streetOf(found.houseNumber, found.street) || found.name || '';
  return {
    label:
      found.label ?? labelOf([street, found.city, [region, postalCode].filter(Boolean).join(' ')]),
    street,
    city: found.city,
    region,
    postalCode: postalCode ?? '',
    country,
    latitude: coordinates[1]!,
    longitude: coordinates[0]!,
  };
}

/* ---------- Photon (komoot): GeoJSON, suggestions allowed ---------- */

const photonAnswer = featureCollection({
  name: text,
  housenumber: text,
  street: text,
  city: text,
  district: text,
  state: text,
  postcode: text,
  countrycode: text,
});

function photonPlaces(answer: z.infer<typeof photonAnswer>): Place[] {
  return answer.features.map(({ geometry, properties: p }) => {
    const country = (p.countrycode ?? '').toUpperCase();
    return placeOf(
      geometry.coordinates,
      {
        houseNumber: p.housenumber,
        street: p.street,
        name: p.name,
        city: p.city ?? p.district ?? '',
      },
      regionOf(p.state, country),
      p.postcode,
      country,
    );
  });
}

export function photonGeocoder(base: string, http: HttpOptions): Geocoder {
  const lookup = async (query: string, options: LookupOptions = {}) =>
    photonPlaces(
      await getJson(
        endpoint(base, '/api', {
          q: query,
          limit: RESULT_LIMIT,
          lang: 'en',
          ...(options.near ? { lat: options.near.latitude, lon: options.near.longitude } : {}),
        }),
        photonAnswer,
        http,
        options.signal,
      ),
    );
  return {
    kind: 'photon',
    requestsPerSecond: null,
    suggest: lookup,
    search: lookup,
    async reverse(latitude, longitude, options = {}) {
      const answer = await getJson(
        endpoint(base, '/reverse', { lat: latitude, lon: longitude, limit: 1, lang: 'en' }),
        photonAnswer,
        http,
        options.signal,
      );
      return photonPlaces(answer)[0] ?? null;
    },
  };
}

/* ---------- Pelias (Geocode Earth, self-hosted): GeoJSON, /v1/autocomplete ---------- */

const peliasAnswer = featureCollection({
  label: text,
  name: text,
  housenumber: text,
  street: text,
  locality: text,
  localadmin: text,
  region: text,
  region_a: text,
  postalcode: text,
  country_code: text,
});

function peliasPlaces(answer: z.infer<typeof peliasAnswer>): Place[] {
  return answer.features.map(({ geometry, properties: p }) => {
    const country = (p.country_code ?? '').toUpperCase();
    return placeOf(
      geometry.coordinates,
      {
        label: p.label,
        houseNumber: p.housenumber,
        street: p.street,
        name: p.name,
        city: p.locality ?? p.localadmin ?? '',
      },
      country === 'US' && p.region_a ? p.region_a : regionOf(p.region, country),
      p.postalcode,
      country,
    );
  });
}

export function peliasGeocoder(base: string, http: HttpOptions, apiKey?: string): Geocoder {
  const key = apiKey ? { api_key: apiKey } : {};
  const focus = (options: LookupOptions) =>
    options.near
      ? { 'focus.point.lat': options.near.latitude, 'focus.point.lon': options.near.longitude }
      : {};
  return {
    kind: 'pelias',
    requestsPerSecond: null,
    suggest: async (query, options = {}) =>
      peliasPlaces(
        await getJson(
          endpoint(base, '/v1/autocomplete', {
            text: query,
            size: RESULT_LIMIT,
            ...focus(options),
            ...key,
          }),
          peliasAnswer,
          http,
          options.signal,
        ),
      ),
    search: async (query, options = {}) =>
      peliasPlaces(
        await getJson(
          endpoint(base, '/v1/search', {
            text: query,
            size: RESULT_LIMIT,
            ...focus(options),
            ...key,
          }),
          peliasAnswer,
          http,
          options.signal,
        ),
      ),
    async reverse(latitude, longitude, options = {}) {
      const answer = await getJson(
        endpoint(base, '/v1/reverse', {
          'point.lat': latitude,
          'point.lon': longitude,
          size: 1,
          ...key,
        }),
        peliasAnswer,
        http,
        options.signal,
      );
      return peliasPlaces(answer)[0] ?? null;
    },
  };
}

/* ---------- Nominatim (OpenStreetMap): search and reverse only, one request a second ---------- */

const nominatimPlace = z.object({
  lat: z.coerce.number(),
  lon: z.coerce.number(),
  display_name: z.string(),
  address: z
    .object({
      house_number: text,
      road: text,
      city: text,
      town: text,
      village: text,
      hamlet: text,
      state: text,
      postcode: text,
      country_code: text,
    })
    .default({}),
});

function nominatimPlaceOf(found: z.infer<typeof nominatimPlace>): Place {
  const a = found.address;
  const country = (a.country_code ?? '').toUpperCase();
  return {
    label: found.display_name,
    street: streetOf(a.house_number, a.road),
    city: a.city ?? a.town ?? a.village ?? a.hamlet ?? '',
    region: regionOf(a.state, country),
    postalCode: a.postcode ?? '',
    country,
    latitude: found.lat,
    longitude: found.lon,
  };
}

/** Nominatim answers a point with no address as `{ "error": "Unable to geocode" }`. */
const nominatimReverse = z.union([nominatimPlace, z.object({ error: z.string() })]);

export function nominatimGeocoder(base: string, http: HttpOptions, email?: string): Geocoder {
  const contact = email ? { email } : {};
  return {
    kind: 'nominatim',
    requestsPerSecond: 1,
    suggest: null,
    search: async (query, options = {}) =>
      (
        await getJson(
          endpoint(base, '/search', {
            q: query,
            format: 'jsonv2',
            addressdetails: 1,
            limit: RESULT_LIMIT,
            ...contact,
          }),
          z.array(nominatimPlace),
          http,
          options.signal,
        )
      ).map(nominatimPlaceOf),
    async reverse(latitude, longitude, options = {}) {
      const answer = await getJson(
        endpoint(base, '/reverse', {
          lat: latitude,
          lon: longitude,
          format: 'jsonv2',
          addressdetails: 1,
          ...contact,
        }),
        nominatimReverse,
        http,
        options.signal,
      );
      return 'error' in answer ? null : nominatimPlaceOf(answer);
    },
  };
}
