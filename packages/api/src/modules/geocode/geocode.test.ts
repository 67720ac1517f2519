import { createRateLimits } from '@parkside/core';
import { geocodeCache } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { createGeocoder, type GeocoderKind } from '@parkside/geocoder';
import { startGeocoderTestServer, type GeocoderTestServer } from '@parkside/geocoder/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@parkside/core';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { insertUsers, testUser } from '../../test-users';
import { GEOCODE_ERRORS, pruneGeocodeCache } from './geocode.service';

let handle: TestDatabase;
const servers = {} as Record<GeocoderKind, GeocoderTestServer>;
const host = testUser('geo-host');
const other = testUser('geo-other');

const geocoderFor = (kind: GeocoderKind, timeoutMs = 300) =>
  createGeocoder({ kind, url: servers[kind].url, timeoutMs });

/** A caller on one app server: its own geocoder client, the shared database. */
const api = (user: SessionUser, kind: GeocoderKind | null = 'photon', geocodeLimit?: number) =>
  createCaller(
    createContext({
      db: handle.db,
      user,
      geocoder: kind ? geocoderFor(kind) : null,
      limits: geocodeLimit ? createRateLimits(handle.db, { geocode: geocodeLimit }) : undefined,
    }),
  );

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertUsers(handle.db, host, other);
  for (const kind of ['photon', 'pelias', 'nominatim'] as const) {
    servers[kind] = await startGeocoderTestServer(kind);
  }
}, 60_000);
afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.close()));
  await handle?.close();
});
beforeEach(async () => {
  await handle.db.delete(geocodeCache);
  for (const server of Object.values(servers)) {
    server.delayMs = 0;
    server.failWith = null;
  }
});

describe('geocode', () => {
  it('says what the provider offers, and is off without one', async () => {
    expect(await api(host, null).geocode.capabilities()).toEqual({
      suggest: false,
      search: false,
      reverse: false,
      attribution: null,
    });
    expect(await api(host, 'photon').geocode.capabilities()).toEqual({
      suggest: true,
      search: true,
      reverse: true,
      attribution: 'Address search by Photon (komoot), map data © OpenStreetMap contributors',
    });
    expect(await api(host, 'nominatim').geocode.capabilities()).toMatchObject({ suggest: false });
    await expect(api(host, null).geocode.search({ query: '1700 N Canyon' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: GEOCODE_ERRORS.off,
    });
    await expect(
      api(host, 'nominatim').geocode.suggest({ query: '1700 N Canyon' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: GEOCODE_ERRORS.noSuggestions });
    await expect(api(host).geocode.suggest({ query: '17' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('suggests addresses from what is typed, and asks the provider once for the same words', async () => {
    const before = servers.photon.requests.length;
    const places = await api(host).geocode.suggest({
      query: '1700 N Canyon',
      near: { latitude: 40.2574, longitude: -111.6547 },
    });
    expect(places[0]).toMatchObject({
      street: '1700 North Canyon Road',
      city: 'Provo',
      region: 'UT',
      postalCode: '84604',
    });
    // Another person, another server, other spacing and case: the kept answer.
    const again = await api(other).geocode.suggest({
      query: '1700  n canyon',
      near: { latitude: 40.2574, longitude: -111.6547 },
    });
    expect(again).toEqual(places);
    expect(servers.photon.requests.length).toBe(before + 1);
    expect(
      await api(host, 'pelias').geocode.reverse({ latitude: 40.25907, longitude: -111.65621 }),
    ).toMatchObject({ street: '1700 North Canyon Road' });
  });

  it('answers in plain words when the provider is slow, failing or limiting us', async () => {
    servers.photon.delayMs = 1000;
    await expect(api(host).geocode.search({ query: '1750 N Canyon' })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: GEOCODE_ERRORS.unavailable,
    });
    servers.photon.delayMs = 0;
    servers.photon.failWith = 500;
    await expect(api(host).geocode.search({ query: '1750 N Canyon' })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: GEOCODE_ERRORS.unavailable,
    });
    servers.photon.failWith = 429;
    await expect(api(host).geocode.search({ query: '1750 N Canyon' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    // Failures are not kept: the next try asks again and gets the answer.
    servers.photon.failWith = null;
    expect(await api(host).geocode.search({ query: '1750 N Canyon' })).toHaveLength(1);
  });

  it('limits each person’s lookups, in PostgreSQL', async () => {
    const limited = testUser(`geo-limited-${Date.now()}`);
    await insertUsers(handle.db, limited);
    for (let i = 0; i < 3; i++) {
      await api(limited, 'photon', 3).geocode.search({ query: `${1700 + i} N Canyon` });
    }
    await expect(
      api(limited, 'photon', 3).geocode.search({ query: '1700 N Canyon' }),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Someone else is not held back.
    await expect(
      api(other, 'photon', 3).geocode.search({ query: '1700 N Canyon' }),
    ).resolves.toBeDefined();
  });

  it('keeps two servers to Nominatim’s one request a second between them', async () => {
    const start = servers.nominatim.arrivals.length;
    // A patient client: on a busy machine a request may leave late, which is not what this checks.
    const server = (user: SessionUser) =>
      createCaller(
        createContext({ db: handle.db, user, geocoder: geocoderFor('nominatim', 10_000) }),
      );
    const askedAt = Date.now();
    await Promise.all([
      server(host).geocode.search({ query: '1700 N Canyon' }),
      server(other).geocode.search({ query: '1720 N Canyon' }),
      server(host).geocode.reverse({ latitude: 40.2601, longitude: -111.6502 }),
    ]);
    const arrivals = servers.nominatim.arrivals.slice(start).sort((a, b) => a - b);
    expect(arrivals).toHaveLength(3);
    // Asked together, the second may leave a second after the first slot and the third two:
    // a busy machine only makes them later, never sooner (50 ms for the two clocks' rounding).
    expect(arrivals[1]! - askedAt).toBeGreaterThanOrEqual(950);
    expect(arrivals[2]! - askedAt).toBeGreaterThanOrEqual(1950);
  }, 20_000);

  it('forgets answers after 30 days', async () => {
    await api(host).geocode.search({ query: '500 W Center' });
    await handle.db.update(geocodeCache).set({ createdAt: sql`now() - interval '31 days'` });
    expect(await pruneGeocodeCache(handle.db)).toBeGreaterThanOrEqual(1);
    expect(await handle.db.select().from(geocodeCache)).toEqual([]);
  });
});
