import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client';
import { driveways, events, listings, users } from '../schema';

const HOUR = 3_600_000;

/** Demo hosts besides host@example.com: they own driveways but cannot sign in. */
const EXTRA_HOSTS = [
  { id: 'demo-host-mia', email: 'mia.larsen@example.com', name: 'Mia Larsen' },
  { id: 'demo-host-ben', email: 'ben.ortiz@example.com', name: 'Ben Ortiz' },
];

interface DemoDriveway {
  hostId: string;
  title: string;
  street: string;
  /** Offset from the venue in degrees (about 100 m per 0.001). */
  offset: [number, number];
  capacity: number;
  amenities: (
    'covered' | 'ev_charging' | 'tailgating' | 'restroom' | 'accessible' | 'large_vehicles'
  )[];
  access: string;
}

/** A driveway offered for one event: how many spaces, at what price. */
interface DemoOffer {
  driveway: DemoDriveway;
  spaces: number;
  priceCents: number;
}

const oakLane: DemoDriveway = {
  hostId: 'demo-host',
  title: 'Wide driveway on Oak Lane',
  street: '1620 N Oak Ln',
  offset: [0.0031, 0.0042],
  capacity: 4,
  amenities: ['tailgating'],
  access: 'Enter from Oak Lane; park two by two.',
};
const canyonLot: DemoDriveway = {
  hostId: 'demo-host-mia',
  title: 'Corner lot by the canyon road',
  street: '1498 N Canyon Rd',
  offset: [-0.0024, 0.0018],
  capacity: 20,
  amenities: ['restroom', 'large_vehicles'],
  access: 'Gravel lot behind the fence; the gate opens two hours before the event.',
};
const carport: DemoDriveway = {
  hostId: 'demo-host-ben',
  title: 'Covered carport, 5 minutes on foot',
  street: '1710 N 1200 E',
  offset: [0.0052, -0.0031],
  capacity: 2,
  amenities: ['covered', 'ev_charging'],
  access: 'Carport on the left; the charger cable is in the gray box.',
};
const ankeny: DemoDriveway = {
  hostId: 'demo-host-ben',
  title: 'Quiet driveway off SE Ankeny',
  street: '3412 SE Ankeny St',
  offset: [0.0021, -0.0035],
  capacity: 1,
  amenities: [],
  access: 'Pull all the way up to the garage door.',
};
const salmon: DemoDriveway = {
  hostId: 'demo-host',
  title: 'Two spaces on SW Salmon',
  street: '1919 SW Salmon St',
  offset: [0.0012, 0.0024],
  capacity: 2,
  amenities: ['accessible'],
  access: 'Level driveway, step-free to the sidewalk.',
};

/** Offers around the venues of these demo events (by slug). */
const AROUND: Record<string, DemoOffer[]> = {
  'byu-vs-utah-football': [
    { driveway: oakLane, spaces: 3, priceCents: 2500 },
    { driveway: canyonLot, spaces: 18, priceCents: 1500 },
    { driveway: carport, spaces: 2, priceCents: 3000 },
  ],
  'stadium-of-fire': [
    { driveway: oakLane, spaces: 4, priceCents: 3000 },
    { driveway: canyonLot, spaces: 20, priceCents: 2000 },
  ],
  'portland-water-lantern-festival': [{ driveway: ankeny, spaces: 1, priceCents: 1000 }],
  'timbers-vs-sounders': [{ driveway: salmon, spaces: 2, priceCents: 2800 }],
};

/**
 * Demo driveways and listings on the demo events, owned by host@example.com and two more demo
 * hosts. Idempotent: driveways are matched by host and title, listings by driveway and event.
 */
export async function seedDemoListings(db: Database) {
  await db
    .insert(users)
    .values(
      EXTRA_HOSTS.map((h) => ({
        ...h,
        isHost: true,
        emailVerified: true,
        termsAcceptedAt: new Date(),
      })),
    )
    .onConflictDoNothing();
  const slugs = Object.keys(AROUND);
  const found = await db.select().from(events).where(inArray(events.slug, slugs));
  let created = 0;
  for (const event of found) {
    for (const { driveway: spot, spaces, priceCents } of AROUND[event.slug] ?? []) {
      const [host] = await db.select({ id: users.id }).from(users).where(eq(users.id, spot.hostId));
      if (!host) continue;
      let [driveway] = await db
        .select()
        .from(driveways)
        .where(and(eq(driveways.hostId, spot.hostId), eq(driveways.title, spot.title)));
      driveway ??= (
        await db
          .insert(driveways)
          .values({
            hostId: spot.hostId,
            title: spot.title,
            street: spot.street,
            city: event.city,
            region: event.region,
            postalCode: event.postalCode,
            latitude: event.latitude + spot.offset[0],
            longitude: event.longitude + spot.offset[1],
            capacity: spot.capacity,
            amenities: spot.amenities,
            accessInstructions: spot.access,
            description: `${spot.capacity} ${spot.capacity === 1 ? 'space' : 'spaces'} near ${event.venueName}.`,
          })
          .returning()
      )[0];
      const inserted = await db
        .insert(listings)
        .values({
          drivewayId: driveway!.id,
          location: { x: driveway!.longitude, y: driveway!.latitude },
          eventId: event.id,
          priceCents,
          spacesOffered: spaces,
          availableFrom: new Date(event.startsAt.getTime() - HOUR),
          availableTo: new Date(event.endsAt.getTime() + HOUR),
        })
        .onConflictDoNothing()
        .returning({ id: listings.id });
      created += inserted.length;
    }
  }
  return { listings: created };
}
