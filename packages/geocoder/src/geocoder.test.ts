import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGeocoder, GeocoderError, type Geocoder, type GeocoderKind } from './index';
import { startGeocoderTestServer, type GeocoderTestServer } from './testing/geocoder-server';

const CANYON = {
  street: '1700 North Canyon Road',
  city: 'Provo',
  region: 'UT',
  postalCode: '84604',
  country: 'US',
  latitude: 40.25905,
  longitude: -111.65623,
};

describe.each(['photon', 'pelias', 'nominatim'] as GeocoderKind[])('%s', (kind) => {
  let server: GeocoderTestServer;
  let geocoder: Geocoder;

  beforeAll(async () => {
    server = await startGeocoderTestServer(kind);
    geocoder = createGeocoder({ kind, url: server.url, key: 'test-key', timeoutMs: 300 })!;
  });
  afterEach(() => {
    server.delayMs = 0;
    server.failWith = null;
    server.answerWith = undefined;
  });
  afterAll(() => server.close());

  it('finds an address from what a host types, with fields the forms take', async () => {
    const places = await geocoder.search('1700 N Canyon');
    expect(places).toHaveLength(1);
    expect(places[0]).toMatchObject(CANYON);
    expect(places[0]!.label).toContain('1700 North Canyon Road');
    expect(await geocoder.search('nowhere street 99999')).toEqual([]);
  });

  it('suggests while typing only where the provider allows it', async () => {
    if (kind === 'nominatim') {
      // Nominatim's usage policy forbids search-as-you-type.
      expect(geocoder.suggest).toBeNull();
      return;
    }
    const places = await geocoder.suggest!('17 n canyon', {
      near: { latitude: 40.2574, longitude: -111.6547 },
    });
    expect(places.map((p) => p.street)).toEqual([
      '1700 North Canyon Road',
      '1720 North Canyon Road',
      '1750 North Canyon Road',
    ]);
    const sent = server.requests.at(-1)!;
    expect(sent).toContain(
      kind === 'pelias' ? '/v1/autocomplete?text=17+n+canyon' : '/api?q=17+n+canyon',
    );
    expect(sent).toContain(kind === 'pelias' ? 'focus.point.lat=40.2574' : 'lat=40.2574');
    if (kind === 'pelias') expect(sent).toContain('api_key=test-key');
  });

  it('names the address at a dropped pin, or none far from any', async () => {
    expect(await geocoder.reverse(40.25907, -111.65621)).toMatchObject(CANYON);
    expect(await geocoder.reverse(41.5, -112.5)).toBeNull();
  });

  it('gives up on a slow answer, and tells errors, rate limits and broken answers apart', async () => {
    server.delayMs = 1000;
    await expect(geocoder.search('1700 N Canyon')).rejects.toMatchObject({ reason: 'timeout' });
    server.delayMs = 0;
    server.failWith = 503;
    await expect(geocoder.search('1700 N Canyon')).rejects.toMatchObject({
      reason: 'unavailable',
    });
    server.failWith = 429;
    await expect(geocoder.reverse(40.259, -111.656)).rejects.toBeInstanceOf(GeocoderError);
    await expect(geocoder.reverse(40.259, -111.656)).rejects.toMatchObject({
      reason: 'rate_limited',
    });
    server.failWith = null;
    server.answerWith = { surprise: true };
    await expect(geocoder.search('1700 N Canyon')).rejects.toMatchObject({
      reason: 'bad_answer',
    });
  });

  it('stops when the caller no longer needs the answer', async () => {
    server.delayMs = 200;
    const controller = new AbortController();
    const pending = geocoder.search('1700 N Canyon', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
  });
});

it('is off when nothing is configured', () => {
  expect(createGeocoder(null)).toBeNull();
});
