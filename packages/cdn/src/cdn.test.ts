import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fastlyPurger, PurgeError, surrogateKeys, varnishPurger } from './index';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A cache on loopback that records purges and answers `status`. */
async function cache(status = 200) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(status === 200 ? '{"status":"ok"}' : 'purge refused');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('surrogate keys', () => {
  it('name every page, the event list and each event shown', () => {
    expect(surrogateKeys({ events: ['e1', 'e2'], eventList: true })).toEqual([
      'ps-all',
      'ps-events',
      'ps-event-e1',
      'ps-event-e2',
    ]);
    expect(surrogateKeys({ events: [] })).toEqual(['ps-all']);
  });
});

describe('purging', () => {
  it('asks every Varnish to drop the keys, in one xkey-purge header', async () => {
    const [a, b] = [await cache(), await cache()];
    await varnishPurger([`${a.url}/`, `${b.url}/`]).purge(['ps-event-e1', 'ps-events']);
    for (const { seen } of [a, b])
      expect(seen).toMatchObject([
        { method: 'PURGE', url: '/', headers: { 'xkey-purge': 'ps-event-e1 ps-events' } },
      ]);
  });

  it('purges by surrogate key at Fastly, 256 keys a request, with the API token', async () => {
    const fastly = await cache();
    const keys = Array.from({ length: 300 }, (_, i) => `ps-event-${i}`);
    await fastlyPurger(`${fastly.url}/service/SU1Z0isxPaozGVKXdv0eY`, 'fastly-token').purge(keys);
    expect(fastly.seen.map((s) => [s.method, s.url])).toEqual([
      ['POST', '/service/SU1Z0isxPaozGVKXdv0eY/purge'],
      ['POST', '/service/SU1Z0isxPaozGVKXdv0eY/purge'],
    ]);
    expect(fastly.seen[0]!.headers['fastly-key']).toBe('fastly-token');
    expect((fastly.seen[0]!.headers['surrogate-key'] as string).split(' ')).toHaveLength(256);
    expect((fastly.seen[1]!.headers['surrogate-key'] as string).split(' ')).toHaveLength(44);
  });

  it('fails when a cache refuses or is away, so the job tries again', async () => {
    const refusing = await cache(403);
    await expect(varnishPurger([`${refusing.url}/`]).purge(['ps-all'])).rejects.toThrow(
      new PurgeError(`${refusing.url} answered 403 to the purge: purge refused`),
    );
    await expect(varnishPurger(['http://127.0.0.1:9/']).purge(['ps-all'])).rejects.toThrow(
      /did not answer the purge/,
    );
  });
});
