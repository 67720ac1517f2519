import type { NewEvent } from '../schema';
import { addDays, nextAnnual, zonedTimeToUtc } from './time';

const UTAH = 'America/Denver';
const PORTLAND = 'America/Los_Angeles';

type DemoEvent = Required<
  Pick<
    NewEvent,
    | 'slug'
    | 'title'
    | 'description'
    | 'venueName'
    | 'street'
    | 'city'
    | 'region'
    | 'postalCode'
    | 'latitude'
    | 'longitude'
    | 'timeZone'
    | 'expectedAttendance'
  >
> & {
  /** Days from today, or a fixed yearly date such as July 4. */
  when: { inDays: number } | { annual: [month: number, day: number] };
  start: string;
  end: string;
  websiteUrl: string;
  image: string;
};

/** The stadium of the Provo demo events (tests place their events there too). */
export const LAVELL_EDWARDS = {
  venueName: 'LaVell Edwards Stadium',
  street: '1700 N Canyon Rd',
  city: 'Provo',
  region: 'UT',
  postalCode: '84604',
  latitude: 40.2574,
  longitude: -111.6547,
  timeZone: UTAH,
} as const;

const demoEvents: DemoEvent[] = [
  {
    slug: 'stadium-of-fire',
    title: 'Stadium of Fire',
    description:
      "America's Freedom Festival closes Independence Day with a headline concert, a flyover and the largest stadium fireworks show in the country.",
    ...LAVELL_EDWARDS,
    when: { annual: [7, 4] },
    start: '19:30',
    end: '23:00',
    expectedAttendance: 50_000,
    websiteUrl: 'https://www.americasfreedomfestival.org/stadium-of-fire',
    image: 'fireworks',
  },
  {
    slug: 'freedom-festival-grand-parade',
    title: 'Freedom Festival Grand Parade',
    description:
      'Floats, marching bands and giant balloons roll down University Avenue on the Fourth of July morning.',
    venueName: 'University Avenue parade route',
    street: '500 N University Ave',
    city: 'Provo',
    region: 'UT',
    postalCode: '84601',
    latitude: 40.2392,
    longitude: -111.6585,
    timeZone: UTAH,
    when: { annual: [7, 4] },
    start: '09:00',
    end: '12:00',
    expectedAttendance: 300_000,
    websiteUrl: 'https://www.americasfreedomfestival.org/grand-parade',
    image: 'parade',
  },
  {
    slug: 'byu-vs-utah-football',
    title: 'BYU Cougars vs. Utah Utes',
    description:
      'The Holy War rivalry game. Gates open two hours before kickoff; tailgating welcome.',
    ...LAVELL_EDWARDS,
    when: { inDays: 6 },
    start: '13:30',
    end: '17:00',
    expectedAttendance: 63_470,
    websiteUrl: 'https://byucougars.com/sports/football',
    image: 'football',
  },
  {
    slug: 'byu-vs-arizona-state-football',
    title: 'BYU Cougars vs. Arizona State Sun Devils',
    description: 'Big 12 conference football under the lights in Provo.',
    ...LAVELL_EDWARDS,
    when: { inDays: 20 },
    start: '20:15',
    end: '23:45',
    expectedAttendance: 62_000,
    websiteUrl: 'https://byucougars.com/sports/football',
    image: 'football',
  },
  {
    slug: 'uvu-wolverines-basketball',
    title: 'UVU Wolverines vs. Grand Canyon Lopes',
    description: "Men's college basketball at the UCCU Center.",
    venueName: 'UCCU Center',
    street: '800 W University Pkwy',
    city: 'Orem',
    region: 'UT',
    postalCode: '84058',
    latitude: 40.2783,
    longitude: -111.7143,
    timeZone: UTAH,
    when: { inDays: 9 },
    start: '19:00',
    end: '21:30',
    expectedAttendance: 8_500,
    websiteUrl: 'https://gouvu.com',
    image: 'basketball',
  },
  {
    slug: 'provo-balloon-fest',
    title: 'Provo Balloon Fest',
    description: 'Dozens of hot-air balloons lift off at sunrise over Utah Lake.',
    venueName: 'Fort Utah Park',
    street: '200 N Geneva Rd',
    city: 'Provo',
    region: 'UT',
    postalCode: '84601',
    latitude: 40.2362,
    longitude: -111.6946,
    timeZone: UTAH,
    when: { inDays: 33 },
    start: '06:30',
    end: '09:30',
    expectedAttendance: 20_000,
    websiteUrl: 'https://www.americasfreedomfestival.org/balloon-fest',
    image: 'balloons',
  },
  {
    slug: 'utah-valley-marathon',
    title: 'Utah Valley Marathon',
    description: 'A fast, scenic course down Provo Canyon finishing in downtown Provo.',
    venueName: 'Utah Valley Marathon finish line',
    street: '100 N University Ave',
    city: 'Provo',
    region: 'UT',
    postalCode: '84601',
    latitude: 40.2351,
    longitude: -111.6587,
    timeZone: UTAH,
    when: { inDays: 47 },
    start: '06:00',
    end: '13:00',
    expectedAttendance: 6_000,
    websiteUrl: 'https://www.utahvalleymarathon.com',
    image: 'marathon',
  },
  {
    slug: 'orem-summerfest',
    title: 'Orem Summerfest',
    description: 'Carnival rides, a parade, food trucks and fireworks in the heart of Orem.',
    venueName: 'City Center Park',
    street: '56 N State St',
    city: 'Orem',
    region: 'UT',
    postalCode: '84057',
    latitude: 40.2989,
    longitude: -111.6946,
    timeZone: UTAH,
    when: { inDays: 61 },
    start: '10:00',
    end: '22:30',
    expectedAttendance: 25_000,
    websiteUrl: 'https://orem.org/summerfest',
    image: 'fireworks',
  },
  {
    slug: 'portland-water-lantern-festival',
    title: 'Water Lantern Festival Portland',
    description:
      'Thousands of handwritten lanterns float on the pond at dusk, with food trucks and live music.',
    venueName: 'Laurelhurst Park',
    street: 'SE César E. Chávez Blvd & SE Stark St',
    city: 'Portland',
    region: 'OR',
    postalCode: '97214',
    latitude: 45.5217,
    longitude: -122.6254,
    timeZone: PORTLAND,
    when: { inDays: 25 },
    start: '17:00',
    end: '21:30',
    expectedAttendance: 4_000,
    websiteUrl: 'https://www.waterlanternfestival.com',
    image: 'lanterns',
  },
  {
    slug: 'blazers-vs-lakers',
    title: 'Trail Blazers vs. Los Angeles Lakers',
    description: 'NBA basketball at the Moda Center.',
    venueName: 'Moda Center',
    street: '1 N Center Ct St',
    city: 'Portland',
    region: 'OR',
    postalCode: '97227',
    latitude: 45.5316,
    longitude: -122.6668,
    timeZone: PORTLAND,
    when: { inDays: 4 },
    start: '19:00',
    end: '21:45',
    expectedAttendance: 19_393,
    websiteUrl: 'https://www.nba.com/blazers',
    image: 'basketball',
  },
  {
    slug: 'timbers-vs-sounders',
    title: 'Portland Timbers vs. Seattle Sounders',
    description: 'The Cascadia Cup rivalry at Providence Park.',
    venueName: 'Providence Park',
    street: '1844 SW Morrison St',
    city: 'Portland',
    region: 'OR',
    postalCode: '97205',
    latitude: 45.5215,
    longitude: -122.6917,
    timeZone: PORTLAND,
    when: { inDays: 12 },
    start: '19:30',
    end: '21:30',
    expectedAttendance: 25_218,
    websiteUrl: 'https://www.timbers.com',
    image: 'soccer',
  },
  {
    slug: 'portland-christmas-ship-parade',
    title: 'Christmas Ship Parade',
    description: 'Decorated boats light up the Willamette River; best seen from Cathedral Park.',
    venueName: 'Cathedral Park',
    street: 'N Edison St & N Pittsburg Ave',
    city: 'Portland',
    region: 'OR',
    postalCode: '97203',
    latitude: 45.5878,
    longitude: -122.7623,
    timeZone: PORTLAND,
    when: { inDays: 16 },
    start: '17:30',
    end: '20:30',
    expectedAttendance: 2_000,
    websiteUrl: 'https://christmasships.org',
    image: 'parade',
  },
  {
    slug: 'portland-marathon',
    title: 'Portland Marathon',
    description: 'Run the bridges of Portland, starting and finishing at Waterfront Park.',
    venueName: 'Tom McCall Waterfront Park',
    street: '98 SW Naito Pkwy',
    city: 'Portland',
    region: 'OR',
    postalCode: '97204',
    latitude: 45.5152,
    longitude: -122.6735,
    timeZone: PORTLAND,
    when: { inDays: 40 },
    start: '07:00',
    end: '14:00',
    expectedAttendance: 10_000,
    websiteUrl: 'https://theportlandmarathon.com',
    image: 'marathon',
  },
  {
    slug: 'rose-festival-grand-floral-parade',
    title: 'Grand Floral Parade',
    description:
      "The Portland Rose Festival's all-floral parade, from the Coliseum across the river.",
    venueName: 'Veterans Memorial Coliseum',
    street: '300 N Winning Way',
    city: 'Portland',
    region: 'OR',
    postalCode: '97227',
    latitude: 45.5332,
    longitude: -122.6682,
    timeZone: PORTLAND,
    when: { inDays: 75 },
    start: '10:00',
    end: '13:00',
    expectedAttendance: 300_000,
    websiteUrl: 'https://www.rosefestival.org',
    image: 'parade',
  },
];

/** The demo events with concrete instants, computed from `today` so they are always upcoming. */
export function buildDemoEvents(today: Date) {
  return demoEvents.map(({ when, start, end, image, ...event }) => {
    const day =
      'inDays' in when
        ? addDays(today, when.inDays, event.timeZone)
        : nextAnnual(today, when.annual[0], when.annual[1], event.timeZone);
    return {
      ...event,
      country: 'US',
      startsAt: zonedTimeToUtc(day, start, event.timeZone),
      endsAt: zonedTimeToUtc(day, end, event.timeZone),
      imageUrl: `/images/events/${image}.svg`,
      status: 'scheduled' as const,
    };
  });
}
