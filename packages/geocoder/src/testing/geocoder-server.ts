/**
 * A local HTTP server that answers as Photon, Pelias or Nominatim do (same paths, parameters and
 * JSON), from a small gazetteer of Provo addresses, for tests and for trying the address search
 * without the internet. It records each request and can be made slow or failing.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { GeocoderKind } from '../types';

export interface GazetteerEntry {
  houseNumber: string;
  street: string;
  city: string;
  state: string;
  stateCode: string;
  postcode: string;
  latitude: number;
  longitude: number;
}

/** Addresses around LaVell Edwards Stadium, Provo, where the demo events are. */
export const PROVO_ADDRESSES: GazetteerEntry[] = [
  ['1700', 'North Canyon Road', 40.25905, -111.65623, '84604'],
  ['1720', 'North Canyon Road', 40.25946, -111.65629, '84604'],
  ['1750', 'North Canyon Road', 40.26008, -111.65637, '84604'],
  ['1552', 'North 1450 East', 40.2601, -111.6502, '84604'],
  ['1550', 'North 1000 East', 40.255, -111.648, '84604'],
  ['500', 'West Center Street', 40.2338, -111.6694, '84601'],
].map(([houseNumber, street, latitude, longitude, postcode]) => ({
  houseNumber: houseNumber as string,
  street: street as string,
  city: 'Provo',
  state: 'Utah',
  stateCode: 'UT',
  postcode: postcode as string,
  latitude: latitude as number,
  longitude: longitude as number,
}));

const labelOf = (e: GazetteerEntry) =>
  `${e.houseNumber} ${e.street}, ${e.city}, ${e.state} ${e.postcode}, United States`;

/** "1700 n canyon" finds "1700 North Canyon Road": every word starts a word of the address. */
function matches(entry: GazetteerEntry, query: string) {
  const words = labelOf(entry)
    .toLowerCase()
    .split(/[\s,]+/);
  const expand: Record<string, string> = { n: 'north', s: 'south', e: 'east', w: 'west' };
  return query
    .toLowerCase()
    .split(/[\s,.]+/)
    .filter(Boolean)
    .every((typed) => words.some((w) => w.startsWith(expand[typed] ?? typed)));
}

function metersBetween(a: { latitude: number; longitude: number }, lat: number, lng: number) {
  const dLat = (a.latitude - lat) * 111_320;
  const dLng = (a.longitude - lng) * 111_320 * Math.cos((lat * Math.PI) / 180);
  return Math.hypot(dLat, dLng);
}

function feature(kind: 'photon' | 'pelias', e: GazetteerEntry) {
  const geometry = { type: 'Point', coordinates: [e.longitude, e.latitude] };
  const properties =
    kind === 'photon'
      ? {
          osm_type: 'N',
          osm_key: 'place',
          osm_value: 'house',
          type: 'house',
          housenumber: e.houseNumber,
          street: e.street,
          city: e.city,
          state: e.state,
          postcode: e.postcode,
          country: 'United States',
          countrycode: 'US',
        }
      : {
          layer: 'address',
          name: `${e.houseNumber} ${e.street}`,
          housenumber: e.houseNumber,
          street: e.street,
          locality: e.city,
          region: e.state,
          region_a: e.stateCode,
          postalcode: e.postcode,
          country: 'United States',
          country_code: 'US',
          country_a: 'USA',
          label: `${e.houseNumber} ${e.street}, ${e.city}, ${e.stateCode}, USA`,
        };
  return { type: 'Feature', geometry, properties };
}

function nominatimPlace(e: GazetteerEntry) {
  return {
    place_id: Number(e.houseNumber) * 7,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    lat: String(e.latitude),
    lon: String(e.longitude),
    category: 'place',
    type: 'house',
    display_name: labelOf(e),
    address: {
      house_number: e.houseNumber,
      road: e.street,
      city: e.city,
      state: e.state,
      'ISO3166-2-lvl4': `US-${e.stateCode}`,
      postcode: e.postcode,
      country: 'United States',
      country_code: 'us',
    },
  };
}

export interface GeocoderTestServer {
  url: string;
  /** Every request, as path and query ("/api?q=1700+n+canyon&limit=5&lang=en"). */
  requests: string[];
  /** When each request arrived (Date.now()), in order. */
  arrivals: number[];
  /** The User-Agent each request named, in order. */
  userAgents: string[];
  /** Every answer waits this long first. */
  delayMs: number;
  /** When set, every request is answered with this status and no results. */
  failWith: number | null;
  /** When set, every request is answered 200 with this body instead (a broken provider). */
  answerWith: unknown;
  close(): Promise<void>;
}

/**
 * Starts the server on a port of loopback; with `tls` (a key and certificate in PEM) it answers
 * HTTPS, as a public provider does (see public-stand-in.ts).
 */
export async function startGeocoderTestServer(
  kind: GeocoderKind,
  places: GazetteerEntry[] = PROVO_ADDRESSES,
  tls?: { key: string; cert: string },
): Promise<GeocoderTestServer> {
  const state = {
    requests: [] as string[],
    arrivals: [] as number[],
    userAgents: [] as string[],
    delayMs: 0,
    failWith: null as number | null,
    answerWith: undefined as unknown,
  };
  const answer = (url: URL): unknown => {
    const q = url.searchParams.get(kind === 'pelias' ? 'text' : 'q') ?? '';
    const limit = Number(url.searchParams.get(kind === 'pelias' ? 'size' : 'limit') ?? 5);
    const path = url.pathname;
    const reverse = path.endsWith('/reverse');
    let found: GazetteerEntry[];
    if (reverse) {
      const lat = Number(url.searchParams.get(kind === 'pelias' ? 'point.lat' : 'lat'));
      const lng = Number(url.searchParams.get(kind === 'pelias' ? 'point.lon' : 'lon'));
      const nearest = [...places].sort(
        (a, b) => metersBetween(a, lat, lng) - metersBetween(b, lat, lng),
      )[0];
      found = nearest && metersBetween(nearest, lat, lng) <= 250 ? [nearest] : [];
    } else {
      found = places.filter((entry) => matches(entry, q)).slice(0, limit);
    }
    if (kind === 'nominatim') {
      if (reverse) return found[0] ? nominatimPlace(found[0]) : { error: 'Unable to geocode' };
      return found.map(nominatimPlace);
    }
    return { type: 'FeatureCollection', features: found.map((e) => feature(kind, e)) };
  };
  const known: Record<GeocoderKind, string[]> = {
    photon: ['/api', '/reverse'],
    pelias: ['/v1/autocomplete', '/v1/search', '/v1/reverse'],
    nominatim: ['/search', '/reverse'],
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    state.requests.push(`${url.pathname}${url.search}`);
    state.arrivals.push(Date.now());
    state.userAgents.push(req.headers['user-agent'] ?? '');
    const reply = (status: number, body: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    setTimeout(() => {
      if (state.failWith) return reply(state.failWith, { error: 'failing on purpose' });
      if (state.answerWith !== undefined) return reply(200, state.answerWith);
      if (!known[kind].includes(url.pathname)) return reply(404, { error: 'not found' });
      reply(200, answer(url));
    }, state.delayMs);
  };
  const server = tls ? createTlsServer(tls, handle) : createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    get userAgents() {
      return state.userAgents;
    },
    get arrivals() {
      return state.arrivals;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    get answerWith() {
      return state.answerWith;
    },
    set answerWith(body: unknown) {
      state.answerWith = body;
    },
    get failWith() {
      return state.failWith;
    },
    set failWith(status: number | null) {
      state.failWith = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
