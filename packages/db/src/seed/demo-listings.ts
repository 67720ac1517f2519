import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client';
import { driveways, events, listings, users } from '../schema';

const HOUR = 3_600_000;

/** Demo hosts besides host@example.com: they own driveways but cannot sign in. */
const EXTRA_HOSTS = [
  { id: 'demo-host-mia', email: 'mia.larsen@example.com', name: 'Mia Larsen' },
  { id: 'demo-host-ben', email: 'ben.ortiz@example.com', name: 'Ben Ortiz' },
];

/** Every demo host: host@example.com and the two above. */
export const DEMO_HOST_IDS = ['demo-host', ...EXTRA_HOSTS.map((h) => h.id)];

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
  description: string;
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
  description:
    'A wide, flat concrete driveway on a quiet street, a short walk from the stadium gates. Room to open a tailgate and set up chairs on the side lawn.',
  street: '1620 N Oak Ln',
  offset: [0.0031, 0.0042],
  capacity: 4,
  amenities: ['tailgating'],
  access: 'Enter from Oak Lane; park two by two.',
};
const canyonLot: DemoDriveway = {
  hostId: 'demo-host-mia',
  title: 'Corner lot by the canyon road',
  description:
    'A fenced gravel lot on the corner, with space for trucks, vans and trailers. A portable restroom stands by the gate on game days.',
  street: '1498 N Canyon Rd',
  offset: [-0.0024, 0.0018],
  capacity: 20,
  amenities: ['restroom', 'large_vehicles'],
  access: 'Gravel lot behind the fence; the gate opens two hours before the event.',
};
const carport: DemoDriveway = {
  hostId: 'demo-host-ben',
  title: 'Covered carport, 5 minutes on foot',
  description:
    'Two spaces under a carport, out of the sun and the rain, with a Level 2 charger for one car, a few minutes from the stadium gates.',
  street: '1710 N 1200 E',
  offset: [0.0016, -0.0014],
  capacity: 2,
  amenities: ['covered', 'ev_charging'],
  access: 'Carport on the left; the charger cable is in the gray box.',
};
const ankeny: DemoDriveway = {
  hostId: 'demo-host-ben',
  title: 'Quiet driveway off SE Ankeny',
  description:
    'One space on a tree-lined side street, a short walk from the park. Easy to leave after the festival, away from the main traffic.',
  street: '3412 SE Ankeny St',
  offset: [0.0021, -0.0035],
  capacity: 1,
  amenities: [],
  access: 'Pull all the way up to the garage door.',
};
const salmon: DemoDriveway = {
  hostId: 'demo-host',
  title: 'Two spaces on SW Salmon',
  description:
    'A level driveway with a step-free path to the sidewalk, a few blocks from the stadium. Good for drivers who need an accessible space.',
  street: '1919 SW Salmon St',
  offset: [0.0012, 0.0024],
  capacity: 2,
  amenities: ['accessible'],
  access: 'Level driveway, step-free to the sidewalk.',
};

const universityAve: DemoDriveway = {
  hostId: 'demo-host-mia',
  title: 'Shady driveway on 300 North',
  description:
    'A shaded driveway under a big maple, two blocks from the parade route. Bring a chair: the best spot on the route is at the corner.',
  street: '286 W 300 N',
  offset: [0.0016, -0.0038],
  capacity: 3,
  amenities: ['accessible'],
  access: 'Park nose-in under the maple; the parade route is two blocks east.',
};
const centerStreet: DemoDriveway = {
  hostId: 'demo-host',
  title: 'Double driveway near Center Street',
  description:
    'A double driveway with room for six cars and a restroom in the detached garage. Tailgating welcome on the side lawn.',
  street: '145 N 400 W',
  offset: [-0.0019, -0.0046],
  capacity: 6,
  amenities: ['restroom', 'tailgating'],
  access: 'Use the left half of the driveway; the restroom is in the detached garage.',
};
const uccu: DemoDriveway = {
  hostId: 'demo-host-ben',
  title: 'Driveway behind the campus',
  description:
    'A long, straight driveway where trucks and vans fit easily, a short walk across campus to the arena.',
  street: '1034 S 550 W',
  offset: [-0.0041, 0.0022],
  capacity: 4,
  amenities: ['large_vehicles'],
  access: 'Long straight driveway; trucks and vans fit.',
};
const fortUtah: DemoDriveway = {
  hostId: 'demo-host-mia',
  title: 'Lawn parking by the river trail',
  description:
    'A mowed lawn by the river trail with room for a dozen cars, a restroom and space to tailgate before the balloons go up.',
  street: '1745 W Center St',
  offset: [0.0027, 0.0019],
  capacity: 12,
  amenities: ['tailgating', 'restroom'],
  access: 'Drive onto the lawn through the open gate; someone will wave you in.',
};
const oremPark: DemoDriveway = {
  hostId: 'demo-host',
  title: 'Driveway across from City Center Park',
  description:
    'Two covered spaces right across the street from the park; you will hear the stage from the porch.',
  street: '61 E 100 N',
  offset: [0.0011, 0.0016],
  capacity: 2,
  amenities: ['covered'],
  access: 'Carport on the right; please do not block the mailbox.',
};
const williams: DemoDriveway = {
  hostId: 'demo-host-mia',
  title: 'Off-street spot on N Williams',
  description:
    'An off-street space with a wall charger (bring your own adapter for Teslas), a short walk to the arena.',
  street: '2230 N Williams Ave',
  offset: [0.0023, 0.0014],
  capacity: 2,
  amenities: ['ev_charging'],
  access: 'The charger is on the garage wall; bring your own adapter for Teslas.',
};
const edison: DemoDriveway = {
  hostId: 'demo-host-ben',
  title: 'Driveway under the St. Johns Bridge',
  description:
    'A gravel driveway a five-minute walk down the hill to the riverfront, with the best view of the boats from the bridge.',
  street: '8815 N Edison St',
  offset: [-0.0018, 0.0026],
  capacity: 3,
  amenities: ['tailgating'],
  access: 'Gravel driveway; the park is a five-minute walk down the hill.',
};
const naito: DemoDriveway = {
  hostId: 'demo-host',
  title: 'Garage space near the waterfront',
  description:
    'One space in a secure garage with an elevator, steps from the waterfront and the marathon start.',
  street: '1717 SW 1st Ave',
  offset: [-0.0031, -0.0022],
  capacity: 1,
  amenities: ['covered', 'accessible'],
  access: 'Garage code comes with your booking e-mail from the host; space 14.',
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
  'freedom-festival-grand-parade': [
    { driveway: universityAve, spaces: 3, priceCents: 1500 },
    { driveway: centerStreet, spaces: 6, priceCents: 1200 },
  ],
  'byu-vs-arizona-state-football': [
    { driveway: oakLane, spaces: 4, priceCents: 2000 },
    { driveway: carport, spaces: 2, priceCents: 2500 },
  ],
  'uvu-wolverines-basketball': [{ driveway: uccu, spaces: 4, priceCents: 1000 }],
  'provo-balloon-fest': [{ driveway: fortUtah, spaces: 12, priceCents: 1200 }],
  'orem-summerfest': [{ driveway: oremPark, spaces: 2, priceCents: 1000 }],
  'blazers-vs-lakers': [{ driveway: williams, spaces: 2, priceCents: 2500 }],
  'portland-christmas-ship-parade': [{ driveway: edison, spaces: 3, priceCents: 1500 }],
  'portland-marathon': [{ driveway: naito, spaces: 1, priceCents: 2000 }],
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
            description: spot.description,
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
