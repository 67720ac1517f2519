import { multilineText, searchText, text } from './text';
import { z } from './z';
import {
  EVENT_ATTENDANCE_MAX,
  EVENT_CANCEL_REASON_MAX_LENGTH,
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_PAGE_SIZE_DEFAULT,
  EVENT_PAGE_SIZE_MAX,
  EVENT_SEARCH_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  MY_EVENTS_PAGE_MAX,
  URL_MAX_LENGTH,
} from './limits';
import {
  instantToLocalDateTime,
  isLocalDateTime,
  isValidTimeZone,
  localDateTimeToInstant,
  timeZoneSchema,
} from './time-zone';

/** A calendar day as typed into a date input: YYYY-MM-DD. */
/** Years the product has any business with; PostgreSQL has no year 0 to store, for one. */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2999;
export const YEARS_MESSAGE = `Use a date between the years ${YEAR_MIN} and ${YEAR_MAX}.`;
export const inYears = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= YEAR_MIN && year <= YEAR_MAX;
};

const calendarDay = z.iso
  .date({ message: 'Use a date in the form YYYY-MM-DD.' })
  .refine(inYears, { message: YEARS_MESSAGE });

const latitudeSchema = z
  .number({ message: 'Enter the latitude as a number, such as 40.2574.' })
  .min(-90, { message: 'Latitude must be between -90 and 90.' })
  .max(90, { message: 'Latitude must be between -90 and 90.' });

const longitudeSchema = z
  .number({ message: 'Enter the longitude as a number, such as -111.6547.' })
  .min(-180, { message: 'Longitude must be between -180 and 180.' })
  .max(180, { message: 'Longitude must be between -180 and 180.' });

export const coordinatesSchema = z
  .object({ latitude: latitudeSchema, longitude: longitudeSchema })
  .strict();

/** Typed search text; blank means no search. */
const searchBox = searchText({ message: 'Search must be text.' })
  .trim()
  .max(EVENT_SEARCH_MAX_LENGTH, {
    message: `Search must be at most ${EVENT_SEARCH_MAX_LENGTH} characters.`,
  })
  .optional()
  .transform((value) => (value ? value : undefined));

const eventListFields = z
  .object({
    q: searchBox,
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    limit: z
      .number({ message: 'Limit must be a number.' })
      .int({ message: 'Limit must be a whole number.' })
      .min(1, { message: 'Limit must be at least 1.' })
      .max(EVENT_PAGE_SIZE_MAX, { message: `Limit must be at most ${EVENT_PAGE_SIZE_MAX}.` })
      .default(EVENT_PAGE_SIZE_DEFAULT),
    cursor: text({ message: 'Cursor must be text.' }).max(200).optional(),
    /** "Near me": nearest first, each with its distance in miles. */
    near: coordinatesSchema.optional(),
  })
  .strict();

const withDatesInOrder = <T extends z.ZodType<{ from?: string; to?: string }>>(schema: T) =>
  schema.refine((input) => !input.from || !input.to || input.from <= input.to, {
    message: 'The start date must be on or before the end date.',
    path: ['to'],
  });

// No input at all (a bare GET /api/trpc/event.list) means "the first page, unfiltered".
export const eventListInput = withDatesInOrder(eventListFields).prefault({});

/** The same list as plain query parameters (GET /api/v1/events): every field but `near`. */
export const eventListQueryInput = withDatesInOrder(eventListFields.omit({ near: true })).prefault(
  {},
);

export type EventListInput = z.input<typeof eventListInput>;

export const eventByIdInput = z
  .object({ id: z.uuid({ message: 'Event id must be a UUID.' }) })
  .strict();

/** The search form on /events, as it arrives in the URL. Empty fields mean "not set". */
export const eventSearchParamsInput = z.object({
  q: searchText().optional(),
  from: text().optional(),
  to: text().optional(),
  cursor: text().optional(),
});

export const eventBySlugInput = z
  .object({
    slug: text()
      .trim()
      .min(1)
      .max(120)
      .regex(/^[a-z0-9-]+$/, 'Slug must be lower-case words joined by hyphens.'),
  })
  .strict();

const requiredText = (label: string, min: number, max: number) =>
  text({ message: `Enter the ${label}.` })
    .trim()
    .min(1, { message: `Enter the ${label}.` })
    .refine((value) => value.length === 0 || value.length >= min, {
      message: `The ${label} needs at least ${min} characters.`,
    })
    .max(max, { message: `The ${label} must be at most ${max} characters.` });

/** Codes the runtime names that are not countries today (groupings, retired and test codes). */
const NOT_COUNTRIES = new Set(
  'AN BU CS DD DY EU EZ FX HV NH QO RH SU TP UN VD XA XB YD YU ZR'.split(' '),
);

/** "US", "CA": an ISO 3166 region code this runtime can name. */
export function isCountryCode(value: string): boolean {
  if (!/^[A-Z]{2}$/.test(value) || NOT_COUNTRIES.has(value)) return false;
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(value);
    return Boolean(name) && name !== value && name !== 'Unknown Region';
  } catch {
    return false;
  }
}

const isWebAddress = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/** An optional address: an empty field means "none" (null), so an edit can clear it. */
/**
 * A path on this site, such as `/images/events/parade.svg` or an uploaded image's download URL
 * (`/v0/b/{bucket}/o/events%2F…?alt=media&token=…`).
 */
const SITE_PATH = /^\/(?!\/)[\w\-./%]+(\?[\w\-.%=&]*)?$/;

const optionalUrl = (message: string, allowSitePath: boolean) =>
  text({ message })
    .trim()
    .max(URL_MAX_LENGTH, { message: 'That address is too long.' })
    .refine(
      (value) =>
        value === '' ||
        isWebAddress(value) ||
        (allowSitePath && SITE_PATH.test(value) && !value.includes('..')),
      { message },
    )
    .nullish()
    .transform((value) => value || null);

const localDateTime = (what: string) =>
  text({ message: `Enter the ${what} date and time.` })
    .trim()
    .min(1, { message: `Enter the ${what} date and time.` })
    .refine((value) => value.length === 0 || isLocalDateTime(value), {
      message: `Enter the ${what} as a date and time, like 2027-07-04 19:30.`,
    });

/**
 * Every field of an event as the form sends it. Times are wall-clock times at the venue
 * (datetime-local values) in the event's own time zone; the server turns them into instants.
 */
export const eventFieldsSchema = z
  .object({
    title: requiredText('title', 3, EVENT_TITLE_MAX_LENGTH),
    description: multilineText({ message: 'The description must be text.' })
      .trim()
      .max(EVENT_DESCRIPTION_MAX_LENGTH, {
        message: `The description must be at most ${EVENT_DESCRIPTION_MAX_LENGTH} characters.`,
      })
      .optional()
      .transform((value) => value ?? ''),
    venueName: requiredText('venue name', 2, 120),
    street: requiredText('street address', 3, 160),
    city: requiredText('city', 2, 80),
    region: requiredText('state or region', 2, 80),
    postalCode: requiredText('postal code', 3, 12),
    country: text({ message: 'Choose a country.' })
      .trim()
      .refine(isCountryCode, { message: 'Choose a country.' }),
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    timeZone: text({ message: 'Choose the time zone of the venue.' }).pipe(timeZoneSchema),
    startLocal: localDateTime('start'),
    endLocal: localDateTime('end'),
    expectedAttendance: z
      .number({ message: 'Enter the expected attendance as a number.' })
      .int({ message: 'Expected attendance must be a whole number.' })
      .min(1, { message: 'Expected attendance must be at least 1.' })
      .max(EVENT_ATTENDANCE_MAX, {
        message: `Expected attendance must be at most ${EVENT_ATTENDANCE_MAX.toLocaleString('en-US')}.`,
      }),
    websiteUrl: optionalUrl('Enter a web address starting with https://.', false),
    imageUrl: optionalUrl(
      'Enter an image address starting with https://, or a path on this site such as /images/events/parade.svg.',
      true,
    ),
  })
  .strict();

export const EVENT_ENDS_BEFORE_START_MESSAGE = 'The event must end after it starts.';
export const EVENT_STARTS_IN_PAST_MESSAGE = 'The event must start in the future.';

type EventFields = z.output<typeof eventFieldsSchema>;

/** The instants of the typed times, or null while the time zone or a time is not valid yet. */
export function eventInstants(fields: Pick<EventFields, 'startLocal' | 'endLocal' | 'timeZone'>) {
  // Refinements also run when other fields failed, so nothing here is trusted to be a string.
  const { timeZone, startLocal, endLocal } = fields as Record<string, unknown>;
  if (typeof timeZone !== 'string' || !isValidTimeZone(timeZone)) return null;
  if (typeof startLocal !== 'string' || !isLocalDateTime(startLocal)) return null;
  if (typeof endLocal !== 'string' || !isLocalDateTime(endLocal)) return null;
  return {
    startsAt: localDateTimeToInstant(startLocal, timeZone),
    endsAt: localDateTimeToInstant(endLocal, timeZone),
  };
}

function checkEndAfterStart(fields: EventFields, ctx: z.RefinementCtx) {
  const instants = eventInstants(fields);
  if (instants && instants.endsAt <= instants.startsAt) {
    ctx.addIssue({ code: 'custom', path: ['endLocal'], message: EVENT_ENDS_BEFORE_START_MESSAGE });
  }
}

function checkFutureEvent(fields: EventFields, ctx: z.RefinementCtx) {
  const instants = eventInstants(fields);
  if (instants && instants.startsAt.getTime() <= Date.now()) {
    ctx.addIssue({ code: 'custom', path: ['startLocal'], message: EVENT_STARTS_IN_PAST_MESSAGE });
  }
  checkEndAfterStart(fields, ctx);
}

/** A new event: every field, starting in the future and ending after it starts. */
export const eventCreateInput = eventFieldsSchema.superRefine(checkFutureEvent);
export type EventCreateInput = z.output<typeof eventCreateInput>;
/** What a client sends to create an event (empty addresses may be left out or blank). */
export type EventCreateRequest = z.input<typeof eventCreateInput>;

/**
 * An edit replaces every field. A changed start must be in the future (the server checks that
 * against the stored start, so an event in progress can still have its description fixed).
 */
export const eventUpdateInput = eventFieldsSchema
  .extend({ id: z.uuid({ message: 'Event id must be a UUID.' }) })
  .superRefine(checkEndAfterStart);
export type EventUpdateInput = z.output<typeof eventUpdateInput>;

/** What a stored event needs to be written back: its fields as the event form and `event.update` take them. */
export interface StoredEventFields extends Omit<
  z.output<typeof eventFieldsSchema>,
  'startLocal' | 'endLocal' | 'websiteUrl' | 'imageUrl'
> {
  startsAt: Date | string;
  endsAt: Date | string;
  websiteUrl: string | null;
  imageUrl: string | null;
}

/**
 * A stored event as the fields of an edit (`event.update` without its id): the times back in the
 * venue's local wall-clock time, blanks for what it does not have.
 */
export function eventEditFields(event: StoredEventFields) {
  return {
    title: event.title,
    description: event.description,
    venueName: event.venueName,
    street: event.street,
    city: event.city,
    region: event.region,
    postalCode: event.postalCode,
    country: event.country,
    latitude: event.latitude,
    longitude: event.longitude,
    timeZone: event.timeZone,
    startLocal: instantToLocalDateTime(event.startsAt, event.timeZone),
    endLocal: instantToLocalDateTime(event.endsAt, event.timeZone),
    expectedAttendance: event.expectedAttendance,
    websiteUrl: event.websiteUrl ?? '',
    imageUrl: event.imageUrl ?? '',
  };
}

/** Rows of an import in one call; a tool sends a larger file in several. */
export const EVENT_IMPORT_BATCH_MAX = 100;

/**
 * One imported event: a new event's fields and the key of the row it came from. Importing a key
 * its creator already imported returns that event instead of making another.
 */
export const eventImportRowSchema = eventFieldsSchema
  .extend({
    importKey: text({ message: 'The import key must be text.' })
      .trim()
      .min(1, 'Every row needs an import key.')
      .max(200, 'The import key must be at most 200 characters.'),
  })
  .superRefine(checkFutureEvent);
export type EventImportRow = z.output<typeof eventImportRowSchema>;

export const eventImportInput = z.strictObject({
  events: z
    .array(eventImportRowSchema)
    .min(1, 'Send at least one event.')
    .max(EVENT_IMPORT_BATCH_MAX, `Send at most ${EVENT_IMPORT_BATCH_MAX} events at a time.`),
});

export const EVENT_STATUSES = ['scheduled', 'cancelled', 'archived'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** A page of your events (admins: everyone's), optionally only those in the given states. */
export const eventMineInput = z
  .object({
    statuses: z
      .array(z.enum(EVENT_STATUSES, { message: 'Unknown event status.' }))
      .min(1)
      .max(EVENT_STATUSES.length)
      .optional(),
    /** Only events whose title, venue or city contains this text (any case). */
    q: searchBox,
    /** From 1. */
    page: z
      .number()
      .int()
      .min(1, 'Pages start at 1.')
      .max(MY_EVENTS_PAGE_MAX, 'There are not that many pages.')
      .default(1),
  })
  .strict()
  .prefault({});

export const eventCancelInput = z
  .object({
    id: z.uuid({ message: 'Event id must be a UUID.' }),
    reason: multilineText({ message: 'Tell drivers why the event is cancelled.' })
      .trim()
      .min(3, { message: 'Tell drivers why the event is cancelled.' })
      .max(EVENT_CANCEL_REASON_MAX_LENGTH, {
        message: `Keep the reason under ${EVENT_CANCEL_REASON_MAX_LENGTH} characters.`,
      }),
  })
  .strict();
