import { beforeEach, describe, expect, it } from 'vitest';
import { KeptStore } from './kept-store';

const EVENT = 'b30b1ddb-30b8-45b9-8759-2a7de8126eb9';
const OTHER = 'e289169f-f7dd-4e6b-8e21-0b570cc31f53';

/** A kept value: here a page's text. */
const page = (text: string) => ({ text });
type Page = ReturnType<typeof page>;

let clock = 0;
let cache: KeptStore<Page>;

/** Renders and keeps a page for `event` under `key`, with nothing happening meanwhile. */
function keep(key: string, event = EVENT, text = key) {
  return cache.put(cache.begin(), key, page(text), { events: [event] });
}

beforeEach(() => {
  clock = 1_000_000;
  cache = new KeptStore<Page>({
    sizeOf: (value) => value.text.length,
    maxAgeMs: 30_000,
    maxBytes: 1_000,
    now: () => clock,
  });
  cache.listeningStarted();
});

describe('KeptStore', () => {
  it('serves a kept page again', () => {
    expect(keep('/rent?event=1')).toBe(true);
    expect(cache.get('/rent?event=1')?.text).toBe('/rent?event=1');
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
    const ticket = cache.begin();
    cache.changed(EVENT);
    expect(cache.put(ticket, '/rent?a', page('old spaces left'), { events: [EVENT] })).toBe(false);
    expect(cache.get('/rent?a')).toBeUndefined();
    // A change to another event does not matter.
    const next = cache.begin();
    cache.changed(OTHER);
    expect(cache.put(next, '/rent?a', page('fresh'), { events: [EVENT] })).toBe(true);
  });

  it('keeps nothing, and serves nothing, while not listening', () => {
    keep('/rent?a');
    const ticket = cache.begin();
    cache.listeningStopped();
    expect(cache.get('/rent?a')).toBeUndefined();
    expect(cache.put(ticket, '/rent?a', page('a'), { events: [EVENT] })).toBe(false);
    expect(keep('/rent?b')).toBe(false);
  });

  it('starts afresh when listening starts again, since changes may have been missed', () => {
    keep('/rent?a');
    const ticket = cache.begin();
    cache.listeningStarted();
    expect(cache.get('/rent?a')).toBeUndefined();
    expect(
      cache.put(ticket, '/rent?a', page('rendered before the reconnection'), { events: [EVENT] }),
    ).toBe(false);
    expect(keep('/rent?a')).toBe(true);
  });

  it('keeps a page no longer than the maximum age, counted from when its render began', () => {
    const ticket = cache.begin();
    clock += 5_000;
    cache.put(ticket, '/rent?a', page('a'), { events: [EVENT] });
    clock += 24_999;
    expect(cache.get('/rent?a')).toBeDefined();
    clock += 1;
    expect(cache.get('/rent?a')).toBeUndefined();
  });

  it('does not keep a render that took too long to trust', () => {
    const ticket = cache.begin();
    clock += 10_001;
    expect(cache.put(ticket, '/rent?a', page('slow'), { events: [EVENT] })).toBe(false);
  });

  it('remembers a change as long as a render started before it could still finish', () => {
    const ticket = cache.begin();
    cache.changed(EVENT);
    // Other events' changes much later prune old entries, but not this one yet.
    clock += 9_000;
    cache.changed(OTHER);
    expect(cache.put(ticket, '/rent?a', page('stale'), { events: [EVENT] })).toBe(false);
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
    expect(cache.get('/rent?a')?.text).toBe('second');
    expect(cache.size).toBe(1);
  });

  it('names an event however its id is written', () => {
    keep('/rent?a', EVENT.toUpperCase());
    cache.changed(EVENT);
    expect(cache.get('/rent?a')).toBeUndefined();
  });

  it('drops what depends on any of its events, and lists of events when any event changes', () => {
    const both = { events: [EVENT, OTHER], eventList: true };
    expect(cache.put(cache.begin(), '/events', page('list'), both)).toBe(true);
    expect(cache.put(cache.begin(), '/events?q=fire', page('search'), both)).toBe(true);
    keep('/rent?a', EVENT);
    cache.changed(OTHER);
    expect(cache.get('/events')).toBeUndefined();
    expect(cache.get('/rent?a')).toBeDefined();

    cache.put(cache.begin(), '/events', page('list'), both);
    cache.eventListChanged();
    expect(cache.get('/events')).toBeUndefined();
    expect(cache.get('/events?q=fire')).toBeUndefined();
    // A page of one event's parking is not a list: a new event elsewhere leaves it.
    expect(cache.get('/rent?a')).toBeDefined();
  });

  it('does not keep a list that an event was created or changed during', () => {
    const ticket = cache.begin();
    cache.eventListChanged();
    expect(cache.put(ticket, '/events', page('old'), { events: [], eventList: true })).toBe(false);
    // What is no list does not mind.
    expect(cache.put(ticket, '/rent?a', page('a'), { events: [EVENT] })).toBe(true);
  });

  it('replaces a value with a fuller one only while that value is still the one kept', () => {
    keep('/rent?a', EVENT, 'data');
    const kept = cache.get('/rent?a')!;
    expect(cache.replace('/rent?a', kept, page('data and html'))).toBe(true);
    expect(cache.get('/rent?a')?.text).toBe('data and html');
    // Dropped meanwhile, or kept again from newer data: the old value's HTML is not kept.
    expect(cache.replace('/rent?a', kept, page('late html'))).toBe(false);
    cache.changed(EVENT);
    expect(cache.replace('/rent?a', kept, page('late html'))).toBe(false);
    expect(cache.get('/rent?a')).toBeUndefined();
  });

  it('counts a replaced value at its new size', () => {
    keep('/rent?a', EVENT, 'a'.repeat(100));
    keep('/rent?b', OTHER, 'b'.repeat(100));
    const kept = cache.get('/rent?a')!;
    // Grows to 250 bytes: with b that is 350 of 1,000, so both stay.
    expect(cache.replace('/rent?a', kept, page('a'.repeat(250)))).toBe(true);
    keep('/rent?c', OTHER, 'c'.repeat(240));
    keep('/rent?d', OTHER, 'd'.repeat(240));
    // 830 bytes; one more of 240 does not fit, and b, the least recently used, goes first.
    keep('/rent?e', OTHER, 'e'.repeat(240));
    expect(cache.get('/rent?b')).toBeUndefined();
    expect(cache.get('/rent?a')?.text).toHaveLength(250);
  });
});
