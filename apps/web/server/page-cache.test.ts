import { beforeEach, describe, expect, it } from 'vitest';
import { PageCache, type CachedPage } from './page-cache';

const EVENT = 'b30b1ddb-30b8-45b9-8759-2a7de8126eb9';
const OTHER = 'e289169f-f7dd-4e6b-8e21-0b570cc31f53';

function page(text: string): CachedPage {
  return { status: 200, headers: [['content-type', 'text/html']], parts: [text] };
}

let clock = 0;
let cache: PageCache;

/** Renders and keeps a page for `event` under `key`, with nothing happening meanwhile. */
function keep(key: string, event = EVENT, text = key) {
  return cache.put(cache.begin(event), key, page(text));
}

beforeEach(() => {
  clock = 1_000_000;
  cache = new PageCache({ maxAgeMs: 30_000, maxBytes: 1_000, now: () => clock });
  cache.listeningStarted();
});

describe('PageCache', () => {
  it('serves a kept page again', () => {
    expect(keep('/rent?event=1')).toBe(true);
    expect(cache.get('/rent?event=1')?.parts).toEqual(['/rent?event=1']);
    expect(cache.get('/rent?event=2')).toBeUndefined();
  });

  it("drops an event's pages when it changes, and only that event's", () => {
    keep('/rent?a', EVENT);
    keep('/rent?b', EVENT);
    keep('/rent?c', OTHER);
    cache.changed(EVENT);
    expect(cache.get('/rent?a')).toBeUndefined();
    expect(cache.get('/rent?b')).toBeUndefined();
    expect(cache.get('/rent?c')).toBeDefined();
  });

  it('does not keep a page its event changed during the render of', () => {
    const ticket = cache.begin(EVENT);
    cache.changed(EVENT);
    expect(cache.put(ticket, '/rent?a', page('old spaces left'))).toBe(false);
    expect(cache.get('/rent?a')).toBeUndefined();
    // A change to another event does not matter.
    const next = cache.begin(EVENT);
    cache.changed(OTHER);
    expect(cache.put(next, '/rent?a', page('fresh'))).toBe(true);
  });

  it('keeps nothing, and serves nothing, while not listening', () => {
    keep('/rent?a');
    const ticket = cache.begin(EVENT);
    cache.listeningStopped();
    expect(cache.get('/rent?a')).toBeUndefined();
    expect(cache.put(ticket, '/rent?a', page('a'))).toBe(false);
    expect(keep('/rent?b')).toBe(false);
  });

  it('starts afresh when listening starts again, since changes may have been missed', () => {
    keep('/rent?a');
    const ticket = cache.begin(EVENT);
    cache.listeningStarted();
    expect(cache.get('/rent?a')).toBeUndefined();
    expect(cache.put(ticket, '/rent?a', page('rendered before the reconnection'))).toBe(false);
    expect(keep('/rent?a')).toBe(true);
  });

  it('keeps a page no longer than the maximum age, counted from when its render began', () => {
    const ticket = cache.begin(EVENT);
    clock += 5_000;
    cache.put(ticket, '/rent?a', page('a'));
    clock += 24_999;
    expect(cache.get('/rent?a')).toBeDefined();
    clock += 1;
    expect(cache.get('/rent?a')).toBeUndefined();
  });

  it('does not keep a render that took too long to trust', () => {
    const ticket = cache.begin(EVENT);
    clock += 10_001;
    expect(cache.put(ticket, '/rent?a', page('slow'))).toBe(false);
  });

  it('remembers a change as long as a render started before it could still finish', () => {
    const ticket = cache.begin(EVENT);
    cache.changed(EVENT);
    // Other events' changes much later prune old entries, but not this one yet.
    clock += 9_000;
    cache.changed(OTHER);
    expect(cache.put(ticket, '/rent?a', page('stale'))).toBe(false);
  });

  it('stays within its size, dropping the least recently used pages first', () => {
    keep('/rent?a', EVENT, 'a'.repeat(200));
    keep('/rent?b', EVENT, 'b'.repeat(200));
    keep('/rent?c', OTHER, 'c'.repeat(200));
    keep('/rent?d', OTHER, 'd'.repeat(200));
    cache.get('/rent?a');
    keep('/rent?e', OTHER, 'e'.repeat(250));
    expect(cache.get('/rent?b')).toBeUndefined();
    for (const key of ['/rent?a', '/rent?c', '/rent?d', '/rent?e']) {
      expect(cache.get(key)).toBeDefined();
    }
    // A page too large to be worth a quarter of the space is not kept at all.
    expect(keep('/rent?f', OTHER, 'f'.repeat(251))).toBe(false);
    expect(cache.size).toBe(4);
  });

  it('replaces a page kept again under the same key', () => {
    keep('/rent?a', EVENT, 'first');
    keep('/rent?a', EVENT, 'second');
    expect(cache.get('/rent?a')?.parts).toEqual(['second']);
    expect(cache.size).toBe(1);
  });
});
