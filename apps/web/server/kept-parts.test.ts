import { appRouter, type ApiCaller } from '@parkside/api';
import { bookings, events, parkingReports } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemo } from './demo-data';
import { EVENT_LIST_CHANGED, startKeeping, type Keeping } from './keeping';
import {
  cutPart,
  KeptRequest,
  ownChange,
  ownMarkCookie,
  scriptJsonOf,
  sharedPartBytes,
  type SharedPart,
} from './kept-parts';
import { KEPT_DATA_IN_PAGE } from '../app/components/layout/kept-part';
import { KeptStore } from './kept-store';
import { readEnv } from './env';
import { apiContext, createServices, type Services } from './services';

let handle: TestDatabase;
let services: Services;
let visitorApi: () => ApiCaller;

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDemo(handle.db);
  services = createServices(handle.db, readEnv({ NODE_ENV: 'test', GEOCODER_KIND: 'none' }), {
    publicUrl: 'http://parkside.test',
  });
  visitorApi = () =>
    appRouter.createCaller(apiContext(services, { headers: new Headers(), clientIp: '::1' }, null));
});

afterAll(() => handle?.close());

/** A kept part holding `data` (a string), as a loader's answer is kept. */
function sharedPartOf(data: string): SharedPart {
  const json = JSON.stringify(data);
  return { data, json, scriptJson: scriptJsonOf(json), dependsOn: { events: [] }, html: new Map() };
}

describe('cutPart', () => {
  it('finds the inner HTML of a part, nested divs and all', () => {
    const document =
      '<main><div class="contents" data-kept="list"><div><div>a</div></div><p>b</p></div>' +
      '<div>after</div></main>';
    expect(cutPart(document, 'list')).toBe('<div><div>a</div></div><p>b</p>');
  });

  it('finds nothing for a part that is missing, unclosed or there twice', () => {
    expect(cutPart('<div data-kept="other"></div>', 'list')).toBeNull();
    expect(cutPart('<div data-kept="list"><div></div>', 'list')).toBeNull();
    expect(cutPart('<div data-kept="list"></div><div data-kept="list"></div>', 'list')).toBeNull();
  });

  it('is not fooled by escaped text that looks like a tag', () => {
    expect(cutPart('<div data-kept="list">&lt;/div&gt; x</div></div>', 'list')).toBe(
      '&lt;/div&gt; x',
    );
  });
});

describe('KeptRequest', () => {
  let store: KeptStore<SharedPart>;
  let loads: number;
  const upcoming = new Request('http://parkside.test/events?q=stadium');
  const document = (html: string) =>
    `<body><header>Signed in as Dana</header><div class="contents" data-kept="events">${html}</div></body>`;

  beforeEach(() => {
    store = new KeptStore({ sizeOf: sharedPartBytes });
    store.listeningStarted();
    loads = 0;
  });

  /** One request for the upcoming events, as /events's loader makes it, with its page rendered. */
  async function visit(html = '<ul><li>Stadium of Fire</li></ul>', nonce = 'n0nce') {
    const kept = new KeptRequest(store, visitorApi, 'parkside.test', visitorApi);
    const found = await kept.shared(upcoming, async (api) => {
      loads += 1;
      const page = await api.event.list({ q: 'stadium' });
      return { value: page, dependsOn: { events: page.items.map((e) => e.id), eventList: true } };
    });
    // What the render does: a placeholder where a kept part goes, the part itself otherwise.
    const placeholder = kept.placeholderOf('events');
    const rendered = document(placeholder ?? html);
    if (kept.wantsParts) kept.rendered(rendered, nonce);
    const sent = kept.fill(Buffer.from(rendered)).toString();
    expect(sent).not.toContain('<!--kept:');
    return { kept, found, reused: placeholder && cutPart(sent, 'events'), sent };
  }

  it('loads the shared data once, as a visitor, and then reuses it and its rendered part', async () => {
    const first = await visit();
    expect(first.found.items.map((e) => e.title)).toContain('Stadium of Fire');
    expect(first.reused).toBeUndefined();
    expect(first.kept.outcome).toBe('miss');
    expect(first.kept.dependencies?.eventList).toBe(true);

    const second = await visit('<p>rendered again</p>');
    expect(loads).toBe(1);
    expect(second.found).toBe(first.found);
    // Only the part comes back: the signed-in header around it is the request's own.
    expect(second.reused).toBe('<ul><li>Stadium of Fire</li></ul>');
    expect(second.sent).toBe(document('<ul><li>Stadium of Fire</li></ul>'));
    expect(second.kept.outcome).toBe('hit');
  });

  it('sends the kept data as the JSON made when it was kept, and reads it back as it was', async () => {
    const first = await visit();
    const second = await visit();
    const sent = second.kept.sent(second.found);
    // The same string each request: nothing of the data is encoded again.
    expect(sent).toBe(first.kept.sent(first.found));
    // The browser reads the data the page was rendered from; the server hands over the object.
    expect(JSON.parse(sent)).toEqual(second.found);
    expect(second.kept.dataOf(sent)).toBe(second.found);
    // Anything else is encoded as it is asked for, and is not taken for the kept data.
    const other = { ...second.found, total: 0 };
    expect(JSON.parse(second.kept.sent(other))).toEqual(other);
    expect(second.kept.dataOf(second.kept.sent(other))).toBeUndefined();
  });

  it('puts the kept data of a document in its kept-data script, escaped once for it', async () => {
    await visit();
    const documentRequest = () =>
      new KeptRequest(store, visitorApi, 'parkside.test', visitorApi, true);
    const kept = documentRequest();
    const found = await kept.shared(upcoming, () => Promise.reject(new Error('not kept')));
    const sent = kept.sent(found);
    // The loader data only says where the data is; the render gets the object itself.
    expect(sent).toBe(KEPT_DATA_IN_PAGE);
    expect(kept.dataOf(sent)).toBe(found);
    const rendered = `<main>${kept.placeholderOf('events')}</main><script>${kept.dataPlaceholder()}</script>`;
    const html = kept.fill(Buffer.from(rendered)).toString();
    expect(html).toContain('<main><ul><li>Stadium of Fire</li></ul></main>');
    expect(JSON.parse(/<script>(.*)<\/script>$/.exec(html)![1]!)).toEqual(found);
    // A page's own data, not the kept data, is sent as JSON in the loader data as before.
    expect(kept.sent({ total: 0 })).toBe('{"total":0}');

    // Text a host typed that would close the script, or open a comment, stays inside it.
    const typed = documentRequest();
    const title = await typed.shared(new Request('http://parkside.test/typed'), async () => ({
      value: { title: 'Dana\'s </script><!-- "driveway"' },
      dependsOn: { events: [] },
    }));
    expect(typed.sent(title)).toBe(KEPT_DATA_IN_PAGE);
    const script = typed.fill(Buffer.from(`<script>${typed.dataPlaceholder()}</script>`));
    const text = /^<script>(.*)<\/script>$/.exec(script.toString())![1]!;
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(title);
  });

  it('loads again once an event it shows changes, or any event is created', async () => {
    const first = await visit();
    store.changed(first.found.items[0]!.id);
    expect((await visit()).reused).toBeUndefined();
    expect(loads).toBe(2);
    store.eventListChanged();
    await visit();
    expect(loads).toBe(3);
  });

  it('keeps nothing it is told not to, nor a part that holds the nonce', async () => {
    const kept = new KeptRequest(store, visitorApi, 'parkside.test', visitorApi);
    await kept.shared(upcoming, async () => ({ value: 'not found', dependsOn: null }));
    expect(kept.dependencies).toBeNull();
    expect(kept.outcome).toBeNull();
    expect(kept.placeholderOf('events')).toBeUndefined();
    expect(kept.wantsParts).toBe(false);
    expect(store.size).toBe(0);

    await visit('<script nonce="abc123">x</script>', 'abc123');
    expect((await visit()).reused).toBeUndefined();
  });

  it('keeps nothing without a store, and each address apart', async () => {
    const bare = new KeptRequest(undefined, visitorApi, 'parkside.test', visitorApi);
    await bare.shared(upcoming, async () => ({ value: 1, dependsOn: { events: [] } }));
    expect(bare.dependencies).toBeNull();

    await visit();
    const other = new KeptRequest(store, visitorApi, 'parkside.test', visitorApi);
    const value = await other.shared(new Request('http://parkside.test/events'), async () => ({
      value: 'all events',
      dependsOn: { events: [], eventList: true },
    }));
    expect(value).toBe('all events');
    // The Host header is part of the key.
    const elsewhere = new KeptRequest(store, visitorApi, 'evil.test', visitorApi);
    await elsewhere.shared(upcoming, async () => ({ value: 'x', dependsOn: { events: [] } }));
    expect(loads).toBe(1);
    expect(elsewhere.outcome).toBe('miss');
  });
});

describe('KeptRequest.own', () => {
  let store: KeptStore<SharedPart>;
  let now: number;
  const mine = (cookie = '') =>
    new Request('http://parkside.test/my-bookings', { headers: { cookie } });

  beforeEach(() => {
    now = Date.now();
    store = new KeptStore({ sizeOf: sharedPartBytes, now: () => now });
    store.listeningStarted();
  });

  /** One person's My Bookings, as its loader asks for it; the value says whose it is. */
  async function visit(person: string, options: { cookie?: string; until?: number } = {}) {
    const kept = new KeptRequest(store, visitorApi, 'parkside.test', visitorApi);
    const loaded: string[] = [];
    const value = await kept.own(mine(options.cookie), person, async () => {
      loaded.push(person);
      return {
        value: `bookings of ${person}`,
        dependsOn: { events: ['e1'], until: options.until },
      };
    });
    kept.placeholderOf('bookings');
    if (kept.wantsParts) kept.rendered(`<div data-kept="bookings">${value}</div>`, 'n0nce');
    return { kept, value, loaded: loaded.length > 0 };
  }

  it("keeps one person's part for them alone, and never keeps their page whole", async () => {
    expect((await visit('dana')).loaded).toBe(true);
    const again = await visit('dana');
    expect(again).toMatchObject({ loaded: false, value: 'bookings of dana' });
    expect(again.kept.outcome).toBe('hit');
    // A signed-in page is the person's own: it is never offered to the whole-page cache.
    expect(again.kept.dependencies).toBeNull();
    const other = await visit('morgan');
    expect(other).toMatchObject({ loaded: true, value: 'bookings of morgan' });
    expect((await visit('dana')).value).toBe('bookings of dana');
  });

  it('loads again when PostgreSQL names the person or an event, when the clock turns, and after their own change', async () => {
    await visit('dana');
    store.changed(ownChange('morgan'));
    expect((await visit('dana')).loaded).toBe(false);
    store.changed(ownChange('dana'));
    expect((await visit('dana')).loaded).toBe(true);
    store.changed('e1');
    expect((await visit('dana')).loaded).toBe(true);

    // Kept until the moment its words change by the clock, not a moment longer.
    store.changed(ownChange('dana'));
    expect((await visit('dana', { until: now + 5_000 })).loaded).toBe(true);
    now += 4_999;
    expect((await visit('dana')).loaded).toBe(false);
    now += 1;
    expect((await visit('dana', { until: now })).loaded).toBe(true);
    // A value whose moment has come is not kept at all.
    expect((await visit('dana')).loaded).toBe(true);

    // Their own write hands them a new mark: the next page is loaded afresh on any server.
    const mark = ownMarkCookie(false).split(';')[0]!;
    expect(mark).toMatch(/^parkside_own=[A-Za-z0-9_-]{12}$/);
    expect((await visit('dana', { cookie: mark })).loaded).toBe(true);
    expect((await visit('dana', { cookie: mark })).loaded).toBe(false);
    expect(ownMarkCookie(false)).not.toBe(ownMarkCookie(false));
  });
});

describe('startKeeping', () => {
  let keeping: Keeping | undefined;

  afterAll(async () => {
    await keeping?.stop();
  });

  it('drops lists of events when an event is created or changed in the database', async () => {
    keeping = await startKeeping(handle);
    expect(keeping).toBeDefined();
    const { parts, pages } = keeping!;
    const keepList = () => {
      const ticket = parts.begin();
      const part = sharedPartOf('list');
      expect(parts.put(ticket, '/events', part, { events: [], eventList: true })).toBe(true);
      expect(
        pages.put(
          pages.begin(),
          '/events',
          {
            status: 200,
            headers: [],
            parts: [Buffer.from('page')],
            dependencies: { events: [], eventList: true },
          },
          {
            events: [],
            eventList: true,
          },
        ),
      ).toBe(true);
    };
    keepList();
    const [event] = await handle.db.select().from(events).limit(1);
    await handle.db
      .update(events)
      .set({ title: `${event!.title} (moved)` })
      .where(eq(events.id, event!.id));
    await expect.poll(() => parts.get('/events') ?? pages.get('/events')).toBeUndefined();

    keepList();
    await handle.db.insert(events).values({
      ...event!,
      id: undefined,
      slug: `${event!.slug}-again`,
      importKey: null,
    });
    await expect.poll(() => parts.get('/events') ?? pages.get('/events')).toBeUndefined();
    expect(EVENT_LIST_CHANGED).not.toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names the driver when one of their bookings or parking reports is written', async () => {
    keeping ??= await startKeeping(handle);
    const { parts } = keeping!;
    const [booking] = await handle.db.select().from(bookings).limit(1);
    const keepOwn = () => {
      const part = sharedPartOf('mine');
      const dependsOn = { events: [ownChange(booking!.driverId!)] };
      expect(parts.put(parts.begin(), '/my-bookings#driver', part, dependsOn)).toBe(true);
    };
    keepOwn();
    await handle.db
      .update(bookings)
      .set({ vehicleDescription: 'Grey Prius' })
      .where(eq(bookings.id, booking!.id));
    await expect.poll(() => parts.get('/my-bookings#driver')).toBeUndefined();

    keepOwn();
    await handle.db.insert(parkingReports).values({
      bookingId: booking!.id,
      driverId: booking!.driverId,
      reason: 'blocked',
      outcome: 'refunded',
    });
    await expect.poll(() => parts.get('/my-bookings#driver')).toBeUndefined();
  });
});
