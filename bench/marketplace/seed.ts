/**
 * Bulk data for the benchmark, inserted with INSERT ... SELECT over generate_series so a million
 * rows take seconds. Ids are derived from the row number (an md5 digest made a version 4 UUID,
 * as every input schema insists on), so the benchmark can name the events it measures without
 * reading them back. Values are varied but deterministic.
 */
import { createHash } from 'node:crypto';
import type postgres from 'postgres';

export const EVENT_COUNT = 100_000;
export const LISTING_COUNT = 1_000_000;
/** Events 1..UPCOMING_EVENTS are all scheduled and upcoming; listings only go to those. */
const UPCOMING_EVENTS = 20_000;

/**
 * How the 1M listings spread over events (in event-number order): one event with 100k, ten
 * with 20k, a hundred with 2k, and ten thousand with 50 each.
 */
export const LISTING_TIERS = [
  { events: 1, perEvent: 100_000 },
  { events: 10, perEvent: 20_000 },
  { events: 100, perEvent: 2_000 },
  { events: 10_000, perEvent: 50 },
] as const;

/** The event numbers the benchmark measures: the busiest and one of the 50-listing events. */
export const BUSIEST_EVENT = 1;
export const TYPICAL_EVENT = 5_000;
/** The event /rent is measured on: 200 open listings, none of the bulk ones. */
export const RENT_EVENT = UPCOMING_EVENTS + 1;
export const RENT_LISTINGS = 200;

/** The uuid of event number n, as the seed makes it. */
export function eventId(n: number): string {
  return md5Uuid(`event-${n}`);
}

function md5Uuid(text: string): string {
  // Same as sqlUuid in SQL: the digest with the version (4) and variant (8) digits set.
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** The SQL of md5Uuid for a text expression. */
function sqlUuid(text: string): string {
  return `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
}

const FIRST_WORDS = [
  'Summer',
  'Winter',
  'Spring',
  'Autumn',
  'Grand',
  'Annual',
  'Midnight',
  'Rocky',
  'Golden',
  'Silver',
  'Blue',
  'Harvest',
  'Liberty',
  'Pioneer',
  'Canyon',
  'River',
  'Desert',
  'Mountain',
  'Valley',
  'Downtown',
  'Lakeside',
  'Northern',
  'Southern',
  'Coastal',
  'Heritage',
  'Twilight',
  'Frontier',
  'Evergreen',
  'Sunset',
  'Starlight',
  'Redwood',
  'Prairie',
  'Capitol',
];
const SECOND_WORDS = [
  'Jazz',
  'Rock',
  'Country',
  'Symphony',
  'Football',
  'Basketball',
  'Baseball',
  'Hockey',
  'Soccer',
  'Rodeo',
  'Marathon',
  'Comedy',
  'Film',
  'Food Truck',
  'Craft Beer',
  'Wine',
  'Art',
  'Book',
  'Tech',
  'Car',
  'Balloon',
  'Bluegrass',
  'Opera',
  'Ballet',
  'Gaming',
  'Science',
  'Lantern',
  'Fireworks',
  'Chili',
  'Quilt',
  'Robotics',
];
const THIRD_WORDS = [
  'Festival',
  'Game',
  'Night',
  'Fair',
  'Show',
  'Concert',
  'Classic',
  'Cup',
  'Parade',
  'Expo',
  'Championship',
  'Gala',
  'Jamboree',
  'Showcase',
  'Derby',
];
const VENUE_KINDS = [
  'Arena',
  'Stadium',
  'Park',
  'Amphitheater',
  'Convention Center',
  'Fairgrounds',
  'Hall',
  'Field',
  'Pavilion',
  'Coliseum',
];
/** [city, region, latitude, longitude, time zone] */
const CITIES: [string, string, number, number, string][] = [
  ['Provo', 'UT', 40.2338, -111.6585, 'America/Denver'],
  ['Salt Lake City', 'UT', 40.7608, -111.891, 'America/Denver'],
  ['Denver', 'CO', 39.7392, -104.9903, 'America/Denver'],
  ['Phoenix', 'AZ', 33.4484, -112.074, 'America/Phoenix'],
  ['Portland', 'OR', 45.5152, -122.6784, 'America/Los_Angeles'],
  ['Seattle', 'WA', 47.6062, -122.3321, 'America/Los_Angeles'],
  ['San Diego', 'CA', 32.7157, -117.1611, 'America/Los_Angeles'],
  ['Sacramento', 'CA', 38.5816, -121.4944, 'America/Los_Angeles'],
  ['Boise', 'ID', 43.615, -116.2023, 'America/Boise'],
  ['Austin', 'TX', 30.2672, -97.7431, 'America/Chicago'],
  ['Dallas', 'TX', 32.7767, -96.797, 'America/Chicago'],
  ['Chicago', 'IL', 41.8781, -87.6298, 'America/Chicago'],
  ['Minneapolis', 'MN', 44.9778, -93.265, 'America/Chicago'],
  ['Nashville', 'TN', 36.1627, -86.7816, 'America/Chicago'],
  ['New Orleans', 'LA', 29.9511, -90.0715, 'America/Chicago'],
  ['Atlanta', 'GA', 33.749, -84.388, 'America/New_York'],
  ['Miami', 'FL', 25.7617, -80.1918, 'America/New_York'],
  ['Charlotte', 'NC', 35.2271, -80.8431, 'America/New_York'],
  ['Boston', 'MA', 42.3601, -71.0589, 'America/New_York'],
  ['Philadelphia', 'PA', 39.9526, -75.1652, 'America/New_York'],
  ['Pittsburgh', 'PA', 40.4406, -79.9959, 'America/New_York'],
  ['Columbus', 'OH', 39.9612, -82.9988, 'America/New_York'],
  ['Detroit', 'MI', 42.3314, -83.0458, 'America/Detroit'],
  ['Anchorage', 'AK', 61.2181, -149.9003, 'America/Anchorage'],
  ['Honolulu', 'HI', 21.3069, -157.8583, 'Pacific/Honolulu'],
];

const textArray = (values: string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
const numArray = (values: number[]) => `array[${values.join(',')}]::float8[]`;

/**
 * 100k events: titles from three word lists (about 15k distinct titles), venues per city, start
 * times spread over the next two years at varied hours. Event 1..UPCOMING_EVENTS are upcoming
 * and scheduled; of the rest, one in ten has already ended and one in twenty is cancelled. One
 * event in a thousand is a "Stadium of Fire", so a typo-tolerant search has real matches.
 */
export async function seedEvents(sql: postgres.Sql, count = EVENT_COUNT): Promise<void> {
  const cities = CITIES.map((c) => c[0]);
  await sql.unsafe(`
    insert into events (id, title, slug, description, venue_name, street, city, region,
      postal_code, latitude, longitude, time_zone, starts_at, ends_at, expected_attendance, status)
    select ${sqlUuid(`'event-' || i`)},
      case when i % 1000 = 7 then 'Stadium of Fire'
        else (${textArray(FIRST_WORDS)})[1 + i % ${FIRST_WORDS.length}] || ' ' ||
             (${textArray(SECOND_WORDS)})[1 + (i / 7) % ${SECOND_WORDS.length}] || ' ' ||
             (${textArray(THIRD_WORDS)})[1 + (i / 11) % ${THIRD_WORDS.length}] end,
      'bench-event-' || i,
      'A benchmark event.',
      c.city || ' ' || (${textArray(VENUE_KINDS)})[1 + (i / 3) % ${VENUE_KINDS.length}],
      (100 + i % 9000) || ' Main St',
      c.city, c.region, lpad((10000 + i % 89999)::text, 5, '0'),
      c.lat + ((i * 37) % 1000 - 500) / 10000.0,
      c.lng + ((i * 91) % 1000 - 500) / 10000.0,
      c.tz,
      s.starts_at, s.starts_at + interval '3 hours',
      1000 + (i * 13) % 60000,
      (case when i > ${UPCOMING_EVENTS} and i % 20 = 3 then 'cancelled' else 'scheduled' end)::event_status
    from generate_series(1, ${count}) as i
    cross join lateral (
      select (${textArray(cities)})[1 + i % ${CITIES.length}] as city,
             (${textArray(CITIES.map((c) => c[1]))})[1 + i % ${CITIES.length}] as region,
             (${numArray(CITIES.map((c) => c[2]))})[1 + i % ${CITIES.length}] as lat,
             (${numArray(CITIES.map((c) => c[3]))})[1 + i % ${CITIES.length}] as lng,
             (${textArray(CITIES.map((c) => c[4]))})[1 + i % ${CITIES.length}] as tz
    ) c
    cross join lateral (
      select case when i > ${UPCOMING_EVENTS} and i % 10 = 5
        then date_trunc('hour', now()) - interval '1 day' * (1 + i % 365)
        else date_trunc('hour', now()) + interval '1 day' * (1 + i % 730) + interval '1 hour' * (i % 14)
      end as starts_at
    ) s`);
}

/**
 * LISTING_COUNT driveways, each with one open listing for an upcoming event (see LISTING_TIERS),
 * placed within about 3 km of the event; plus RENT_LISTINGS listings for RENT_EVENT. One listing
 * in ten is fully booked and one in ten has one space booked, so "spaces left" filters real rows.
 */
export async function seedListings(sql: postgres.Sql): Promise<void> {
  // Listing number -> event number, tier by tier.
  let firstListing = 1;
  let firstEvent = 1;
  const cases: string[] = [];
  for (const tier of LISTING_TIERS) {
    const last = firstListing + tier.events * tier.perEvent - 1;
    cases.push(`when i <= ${last} then ${firstEvent} + (i - ${firstListing}) / ${tier.perEvent}`);
    firstListing = last + 1;
    firstEvent += tier.events;
  }
  const rentLast = LISTING_COUNT + RENT_LISTINGS;
  cases.push(`else ${RENT_EVENT}`);
  await sql.unsafe(`
    create unlogged table bench_spots as
    select i, ${sqlUuid(`'driveway-' || i`)} as driveway_id, e.id as event_id,
      e.latitude + (((i * 7919) % 10007) / 10007.0 - 0.5) * 0.06 as latitude,
      e.longitude + (((i * 104729) % 10009) / 10009.0 - 0.5) * 0.08 as longitude,
      e.starts_at, e.ends_at
    from generate_series(1::bigint, ${rentLast}) as i
    join events e on e.id = ${sqlUuid(`'event-' || (case ${cases.join(' ')} end)`)}`);
  await sql.unsafe(`
    insert into driveways (id, title, street, city, region, postal_code, latitude, longitude,
      description, access_instructions, capacity, amenities)
    select driveway_id,
      (${textArray(['Shady spot', 'Wide driveway', 'Corner lot', 'Gravel pad', 'Garage apron', 'Carport'])})[1 + i % 6] || ' on ' || (100 + i % 900) || ' North',
      (100 + i % 9000) || ' N ' || (100 + i % 1900) || ' E', 'Bench City', 'UT', '84604',
      latitude, longitude, 'A driveway close to the venue.', 'Park nose-in.',
      3,
      (case i % 4 when 0 then '{}' when 1 then '{covered}' when 2 then '{tailgating,restroom}'
        else '{ev_charging}' end)::amenity[]
    from bench_spots`);
  await sql.unsafe(`
    insert into listings (driveway_id, event_id, location, price_cents, spaces_offered,
      available_from, available_to)
    select driveway_id, event_id, point(longitude, latitude), 500 + (i * 37) % 4500,
      1 + i % 3, starts_at - interval '1 hour', ends_at + interval '1 hour'
    from bench_spots`);
  // Bookings: listing numbers ending in 0 are full, ending in 1 have one space taken (the /rent
  // event's listings included).
  await sql.unsafe(`
    insert into bookings (listing_id, event_id, price_cents, platform_fee_cents, host_payout_cents,
      payment_status, idempotency_key)
    select l.id, l.event_id, l.price_cents, 0, l.price_cents, 'due_on_arrival', 'bench-' || s.i || '-' || n
    from bench_spots s
    join listings l on l.driveway_id = s.driveway_id and l.event_id = s.event_id
    cross join lateral generate_series(1, case when s.i % 10 = 0 then l.spaces_offered
      when s.i % 10 = 1 then 1 else 0 end) as n`);
  await sql.unsafe('drop table bench_spots');
}

export async function analyze(sql: postgres.Sql): Promise<void> {
  await sql.unsafe('analyze events, driveways, listings, bookings');
}
